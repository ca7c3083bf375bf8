// tests/oracle/oracle3_exact.cpp - the conversions between doubles and exact rationals: exact()
// in, the exact squared distance, and approx_sqrt() out.
#include "oracle/oracle3.hpp"

#include <cmath>
#include <stdexcept>

#include "oracle/oracle3_internal.hpp"

namespace oracle3 {

using namespace detail;

Q3 exact(P3 p) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
        throw std::domain_error("oracle3::exact: non-finite coordinate");
    }
    // mpq_set_d is exact: a finite double is m 2^e with an integer m.
    return Q3{Q(p.x), Q(p.y), Q(p.z)};
}

Q distance2(const Q3& p, const Q3& q) {
    return dist2(p, q);
}

long double approx_sqrt(const Q& distance2) {
    const int s = sgn(distance2);
    if (s < 0) {
        throw std::domain_error("oracle3::approx_sqrt: negative argument");
    }
    if (s == 0) {
        return 0;
    }
    // x = floor(distance2 4^k) with k chosen so that x has at least 200 bits; then
    // r = floor(sqrt(x)) has at least 100 bits and r 2^-k is sqrt(distance2) to within 2^-99
    // relative. Its top 64 bits, rounded on the next bit, make the long double.
    const mpz_class& num = distance2.get_num();
    const mpz_class& den = distance2.get_den();
    const long bits = static_cast<long>(mpz_sizeinbase(num.get_mpz_t(), 2)) -
                      static_cast<long>(mpz_sizeinbase(den.get_mpz_t(), 2));
    const long k = bits < 202 ? (203 - bits) / 2 : -((bits - 202) / 2);
    mpz_class n = num, d = den;
    if (k >= 0) {
        mpz_mul_2exp(n.get_mpz_t(), n.get_mpz_t(), static_cast<mp_bitcnt_t>(2 * k));
    } else {
        mpz_mul_2exp(d.get_mpz_t(), d.get_mpz_t(), static_cast<mp_bitcnt_t>(-2 * k));
    }
    mpz_class x = n / d;
    mpz_class r;
    mpz_sqrt(r.get_mpz_t(), x.get_mpz_t());
    const long rbits = static_cast<long>(mpz_sizeinbase(r.get_mpz_t(), 2));
    mpz_class top = r >> static_cast<mp_bitcnt_t>(rbits - 64);
    long double v = static_cast<long double>(mpz_get_ui(top.get_mpz_t()));
    if (mpz_tstbit(r.get_mpz_t(), static_cast<mp_bitcnt_t>(rbits - 65)) != 0) {
        v += 1; // 2^64 - 1 + 1 is exact too
    }
    return std::ldexp(v, static_cast<int>(rbits - 64 - k));
}

} // namespace oracle3
