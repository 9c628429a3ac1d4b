#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent checks of b*(131072, 8), b*(614, 4) and b*(1048576, 4) as pinned in
base_bound_fast_reference_values.h.

The sweep before issue #26 gave up on these: some f_b(m) stayed within double rounding of 0
over 32 bases in a row. The fast sweep decides those signs in MPFR and returns a bracket
[lower, base]. This script checks the bracket's two claims with other arithmetic than the
C++ code (f_b(m) = sum_i cos(m * b^(-2i/d)), Su, kexue.fm/archives/10122):

1. base is feasible: f_base(m) >= 0 for every m < L, in NumPy long double (x87, 64-bit
   mantissa), with the minimum at the pinned binding m; that minimum again in Python decimal at
   60 digits (ln, exp and a Taylor cosine after reduction by a 70-digit pi computed here), > 0;
2. lower is infeasible: f_lower(binding m) < 0, in decimal.

3. the bracket is canonical (issue #26: the same in every backend and build): lower and base
   are neighbours in S_q, the doubles with at most q bits after the leading one, for some
   q >= 30 (2^-30 <= 1e-9), checked with Python's exact float arithmetic (frexp, %).

It does not re-run the sweep (that every base below `lower` fails is the sweep's certificate).

    /usr/bin/python3 tests/core/reference/base_bound_fast_reference.py
"""

import decimal
import math
from decimal import Decimal

import numpy as np

# (L, d, base, lower bracket, binding m), as the C++ sweep prints them (repr of the doubles).
CASES = [
    (131072, 8, 4624301731840.0, 4624301727744.0, 124360),
    (614, 4, 138689876656128.0, 138689876590592.0, 355),
    (1048576, 4, 1.2993267935001566e+23, 1.2993267927964691e+23, 833719),
]


def long_double_scan(context, dim, base):
    m = np.arange(context, dtype=np.longdouble)
    b = np.longdouble(base)
    f = np.zeros(context, dtype=np.longdouble)
    for i in range(dim // 2):
        theta = b ** (np.longdouble(-2 * i) / np.longdouble(dim))
        f += np.cos(m * theta)
    return f


def decimal_pi():
    # Machin: pi = 16 atan(1/5) - 4 atan(1/239).
    def atan_inv(x):
        x = Decimal(x)
        term = 1 / x
        total = term
        x2 = x * x
        k = 1
        while True:
            term /= -x2
            delta = term / (2 * k + 1)
            if abs(delta) < Decimal(10) ** -(decimal.getcontext().prec + 5):
                return total
            total += delta
            k += 1

    return 16 * atan_inv(5) - 4 * atan_inv(239)


def decimal_cos(x, pi):
    two_pi = 2 * pi
    x = x - two_pi * (x / two_pi).to_integral_value(rounding=decimal.ROUND_FLOOR)
    if x > pi:
        x -= two_pi
    term = Decimal(1)
    total = Decimal(1)
    x2 = x * x
    k = 0
    while True:
        term *= -x2 / ((2 * k + 1) * (2 * k + 2))
        if abs(term) < Decimal(10) ** -(decimal.getcontext().prec + 5):
            return total
        total += term
        k += 1


def decimal_sum(dim, base, m):
    decimal.getcontext().prec = 70
    pi = decimal_pi()
    decimal.getcontext().prec = 60
    log_b = Decimal(base).ln()  # Decimal(float) is the double's exact value
    total = Decimal(0)
    for i in range(dim // 2):
        theta = (-(Decimal(2 * i) / Decimal(dim)) * log_b).exp()
        total += decimal_cos(Decimal(m) * theta, pi)
    return total


def grid_bits(lower, base):
    """q such that lower and base are neighbours in S_q, or None."""
    h = base - lower  # exact: the two are within a factor 2 (Sterbenz)
    mantissa, _ = math.frexp(h)
    if mantissa != 0.5 or lower % h != 0.0:
        return None
    return (math.frexp(lower)[1] - 1) - (math.frexp(h)[1] - 1)


def main():
    for context, dim, base, lower, binding in CASES:
        q = grid_bits(lower, base)
        print(f"L {context} d {dim}: neighbours in S_q, q = {q}")
        assert q is not None and 30 <= q <= 52, q
        f = long_double_scan(context, dim, base)
        arg = int(np.argmin(f))
        print(f"L {context} d {dim}: at base {base!r} min f = {float(f[arg]):.6e} at m = {arg} "
              "(long double)")
        assert arg == binding, arg
        at_base = decimal_sum(dim, base, binding)
        print(f"  f({binding}) at base = {at_base:.6e} (decimal, 60 digits)")
        assert at_base > 0
        # Every other m is far from 0 in long double (rounding < 1e-15 here), or, where it is not
        # (d = 4 at L = 2^20: f = cos m + cos(m / sqrt(b)) hugs 0 near every odd multiple of pi),
        # > 0 in decimal as well.
        close = [int(k) for k in np.nonzero(f < 1e-12)[0] if int(k) != binding]
        for k in close:
            assert decimal_sum(dim, base, k) > 0, k
        if close:
            print(f"  {len(close)} other m with f < 1e-12 in long double, each > 0 in decimal")
        at_lower = decimal_sum(dim, lower, binding)
        print(f"  f({binding}) at lower {lower!r} = {at_lower:.6e} (decimal)")
        assert at_lower < 0
    print("ok")


if __name__ == "__main__":
    main()
