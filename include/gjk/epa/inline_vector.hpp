// gjk/epa/inline_vector.hpp - a growing array whose first N elements live inside it (on the
// stack, for EPA's polytope), moving to the heap only past N: a penetration query of a few dozen
// faces allocates nothing.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace gjk::detail {

/// push_back, emplace_back, operator[], size, begin/end, clear over elements of a trivially
/// copyable X; room for N of them inline, then a heap block doubled as it fills. Not copyable (its
/// data may point into itself).
template <class X, std::size_t N> class InlineVector {
    static_assert(std::is_trivially_copyable_v<X> && std::is_trivially_destructible_v<X>,
                  "elements are copied as bytes and never destroyed");

  public:
    InlineVector() = default;
    InlineVector(const InlineVector&) = delete;
    InlineVector& operator=(const InlineVector&) = delete;

    void push_back(const X& x) {
        if (size_ == capacity_) {
            grow();
        }
        ::new (static_cast<void*>(data_ + size_)) X(x);
        ++size_;
    }
    /// A new last element, default-initialized, for the caller to fill in place (no copy of
    /// a whole element through the stack).
    X& emplace_back() {
        if (size_ == capacity_) {
            grow();
        }
        X* x = ::new (static_cast<void*>(data_ + size_)) X;
        ++size_;
        return *x;
    }
    X& operator[](std::size_t i) { return data_[i]; }
    const X& operator[](std::size_t i) const { return data_[i]; }
    X& back() { return data_[size_ - 1]; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    /// Keeps the first `count` elements (count <= size()).
    void resize_down(std::size_t count) { size_ = count; }
    void clear() { size_ = 0; }
    X* begin() { return data_; }
    X* end() { return data_ + size_; }

  private:
    void grow() {
        const std::size_t capacity = std::max(2 * capacity_, N); // (N: never zero, as GCC sees)
        std::unique_ptr<X[]> heap(new X[capacity]);
        for (std::size_t i = 0; i < size_; ++i) {
            heap[i] = data_[i];
        }
        heap_ = std::move(heap);
        data_ = heap_.get();
        capacity_ = capacity;
    }

    alignas(X) unsigned char local_[N * sizeof(X)];
    std::unique_ptr<X[]> heap_;
    X* data_ = reinterpret_cast<X*>(local_);
    std::size_t size_ = 0;
    std::size_t capacity_ = N;
};

} // namespace gjk::detail
