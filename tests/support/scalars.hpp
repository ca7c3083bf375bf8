// The scalar types every typed suite runs on, and the one way to declare such a suite.
#pragma once

#include <gtest/gtest.h>

namespace gjk_test {

/// float for games, double for robotics: the library compiles both (src/gjk.cpp), so every
/// typed suite runs its cases once per type, as Suite/0 (float) and Suite/1 (double).
using Scalars = ::testing::Types<float, double>;

/// The fixture of every typed suite. It holds nothing: the cases only need the scalar type.
template <class T> class ScalarTest : public ::testing::Test {};

/// The product a b rounded to T by a store the compiler cannot fuse with anything (the
/// reference of the tests that every product of a rotation is rounded on its own).
template <class T> T stored_product(T a, T b) {
    volatile T p = a * b;
    return p;
}

} // namespace gjk_test

/// GJK_SCALAR_SUITE(Distance); declares the typed suite Distance, run on gjk_test::Scalars.
/// The suite's name is an alias of the one fixture, not a class of its own, so the same suite
/// may be declared in several files (test_distance_spec.cpp, _oracle.cpp, _regressions.cpp):
/// googletest requires every test of a suite to share one fixture type.
#define GJK_SCALAR_SUITE(Name)                                                                     \
    template <class T> using Name = ::gjk_test::ScalarTest<T>;                                     \
    TYPED_TEST_SUITE(Name, ::gjk_test::Scalars)
