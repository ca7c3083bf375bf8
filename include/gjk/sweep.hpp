// gjk/sweep.hpp - a shape's motion over a step (Box2D's b2Sweep) and its pose at any time t,
// the rotation at t made without a sine and a cosine each.
//
// The motion. Over a step t runs from 0 to 1; the shape's rotation centre goes in a straight
// line from c0 to c1 while its angle goes from a0 to a1, both linear in t:
//     c(t) = c0 + t v,   a(t) = a0 + t omega,   v = c1 - c0,   omega = a1 - a0,
// and the shape's transform at t rotates by a(t) about the centre: a point p of the shape (in
// its frame, the centre at local_center) is at c(t) + R(a(t)) (p - local_center). Its velocity
// (per unit of t) is v + omega perp(R(a(t)) (p - local_center)).
//
// The rotation at t. A time of impact query asks for the poses at dozens of times (its
// bracket's samples and its root finder's), and R(a(t)) by std::cos and std::sin costs a libm
// call each. Instead, with delta = t omega,
//     R(a(t)) = R(a0) R(delta):   c = c0 cd - s0 sd,   s = s0 cd + c0 sd,
// where R(a0) is made once per query (SweepMotion) and R(delta) by polynomials in y = delta^2,
//     sd = sin(delta) = delta S(y),   cd = cos(delta) = 1 + y C(y),
// S and C the Chebyshev interpolants of sin(sqrt y) / sqrt y and (cos(sqrt y) - 1) / y on
// y in [0, 4], that is |delta| <= kPolynomialTurn = 2 radians (mpmath's chebyfit at 60 digits):
// 9 coefficients each in double, 6 in float. Their own errors on |delta| <= 2 are 3.1e-17 (sin)
// and 3.1e-18 (cos) in double, 6.0e-10 and 8.6e-11 in float, well below half an ulp of 1; with
// the coefficients' and the evaluation's round-off, sd and cd are within 2.5 eps of sin and cos,
// and the composed rotation within 3.5 eps of R(a0 + delta) (TEST(Sweep,
// PolynomialRotationIsWithinAFewEpsOfSinAndCos) measures both on 100,001 angles). That is as
// close as std::cos(a0 + t omega) and std::sin(...) come: the angle's own rounding is up to
// 2.5 eps for angles up to 5 radians. At delta = 0 they are exactly 0 and 1, so the pose at t = 0
// is R(a0)'s to the bit. A sweep that turns by more than kPolynomialTurn in the step, and any
// scalar but float and double, takes std::cos and std::sin at every t.
#pragma once

#include <cmath>
#include <type_traits>

#include "gjk/math.hpp"

namespace gjk {

/// The motion of a shape over a step (Box2D's sweep): the rotation centre moves from c0 to c1
/// and the angle from a0 to a1, both linearly in t in [0, 1] (see the top of this file).
template <class T> struct Sweep {
    Vec2<T> local_center{}; ///< rotation centre in the shape's local frame
    Vec2<T> c0{};           ///< world position of the centre at t = 0
    Vec2<T> c1{};           ///< world position of the centre at t = 1
    T a0{0};                ///< angle (radians) at t = 0
    T a1{0};                ///< angle (radians) at t = 1

    /// The shape's transform at time t: rotation by a(t), and the centre at c(t). (By
    /// std::cos and std::sin; time_of_impact takes the same poses from detail::SweepMotion,
    /// within 3.5 eps of these.)
    Transform<T> at(T t) const {
        Transform<T> xf;
        xf.q = Rot<T>::from_angle(a0 + t * (a1 - a0));
        xf.p = c0 + t * (c1 - c0) - rotate(xf.q, local_center);
        return xf;
    }
};

namespace detail {

/// The largest turn over a step (|a1 - a0|, radians) whose rotations SweepMotion makes by
/// polynomial: the interval the coefficients of small_rotation were fitted on. 2 covers Box2D's
/// largest rotation per step (b2_maxRotation, pi / 2) and the oracle test's and the bench's
/// sweeps (up to 1.5); a wider interval needs more terms for the same error.
inline constexpr double kPolynomialTurn = 2;

/// R(delta) for |delta| <= kPolynomialTurn, float or double (see the top of this file). Each
/// polynomial by Estrin's scheme: its products in a tree of depth 4 (3 in float) rather than
/// Horner's chain of 8 (5), as the rotation at a time is on the root finder's critical path;
/// always inlined for the same reason (a call's result would come back through memory).
template <class T> [[gnu::always_inline]] inline Rot<T> small_rotation(T delta) {
    static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);
    const T y = delta * delta, y2 = y * y, y4 = y2 * y2;
    T S, C;
    if constexpr (std::is_same_v<T, double>) {
        // sin(sqrt y) / sqrt y and (cos(sqrt y) - 1) / y on [0, 4], y^0 first.
        constexpr double s[9] = {1.0,
                                 -0.1666666666666660287105,
                                 0.008333333333329079013709,
                                 -0.0001984126984017727165388,
                                 0.000002755731908338183469797,
                                 -2.505209821591483781275e-8,
                                 1.605861139486764447019e-10,
                                 -7.636428141277170875696e-13,
                                 2.667127048441237074206e-15};
        constexpr double c[9] = {-0.4999999999999999992094,    0.04166666666666663464415,
                                 -0.001388888888888675347184,  0.00002480158730103892511096,
                                 -2.755731915342070964407e-7,  2.087675188475285135541e-9,
                                 -1.147052864279581946791e-11, 4.774093313656727089128e-14,
                                 -1.489592261615186340001e-16};
        const double y8 = y4 * y4;
        S = ((s[0] + s[1] * y) + (s[2] + s[3] * y) * y2) +
            ((s[4] + s[5] * y) + (s[6] + s[7] * y) * y2) * y4 + s[8] * y8;
        C = ((c[0] + c[1] * y) + (c[2] + c[3] * y) * y2) +
            ((c[4] + c[5] * y) + (c[6] + c[7] * y) * y2) * y4 + c[8] * y8;
    } else {
        constexpr float s[6] = {1.0f,
                                -0.1666666612f,
                                0.008333317382f,
                                -0.0001983956353f,
                                2.747459913e-6f,
                                -2.319234178e-8f};
        constexpr float c[6] = {-0.4999999999782f, 0.04166666627378f, -0.001388887742f,
                                0.00002480036043f, -2.749788327e-7f,  1.954244495e-9f};
        S = ((s[0] + s[1] * y) + (s[2] + s[3] * y) * y2) + (s[4] + s[5] * y) * y4;
        C = ((c[0] + c[1] * y) + (c[2] + c[3] * y) * y2) + (c[4] + c[5] * y) * y4;
    }
    return {T(1) + y * C, delta * S};
}

/// A Sweep made ready for the poses of one query: R(a0), v and omega once, then the pose at
/// any t in [0, 1] by small_rotation (see the top of this file). The sweep must outlive it.
template <class T> class SweepMotion {
  public:
    explicit SweepMotion(const Sweep<T>& sweep)
        : sweep_(&sweep), q0_(Rot<T>::from_angle(sweep.a0)), velocity_(sweep.c1 - sweep.c0),
          omega_(sweep.a1 - sweep.a0),
          polynomial_((std::is_same_v<T, float> || std::is_same_v<T, double>)&&std::abs(omega_) <=
                      T(kPolynomialTurn)) {}

    /// The transform at t: R(a(t)) and the centre at c(t), as Sweep::at places it.
    Transform<T> at(T t) const {
        Transform<T> xf;
        xf.q = rotation(t);
        xf.p = centre(t) - rotate(xf.q, sweep_->local_center);
        return xf;
    }
    /// R(a(t)).
    Rot<T> rotation(T t) const {
        if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
            if (polynomial_) {
                const Rot<T> d = small_rotation(t * omega_);
                return {q0_.c * d.c - q0_.s * d.s, q0_.s * d.c + q0_.c * d.s};
            }
        }
        return Rot<T>::from_angle(sweep_->a0 + t * omega_);
    }
    /// The centre's world position c(t).
    Vec2<T> centre(T t) const { return sweep_->c0 + t * velocity_; }
    /// The centre's velocity v = c1 - c0 (per unit of t).
    const Vec2<T>& velocity() const { return velocity_; }
    /// The angular velocity omega = a1 - a0 (radians per unit of t).
    T omega() const { return omega_; }
    /// The rotation centre in the shape's frame.
    const Vec2<T>& local_center() const { return sweep_->local_center; }
    /// The sweep.
    const Sweep<T>& sweep() const { return *sweep_; }

  private:
    const Sweep<T>* sweep_;
    Rot<T> q0_;
    Vec2<T> velocity_;
    T omega_;
    bool polynomial_;
};

} // namespace detail

} // namespace gjk
