// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// b*(131072, 8), b*(614, 4) and b*(1048576, 4), which the sweep before issue #26 gave up on (double
// precision could not decide the sign of f over 32 bases in a row). The values are the fast sweep's
// output (its certificate: every base below `lower` fails); tests/core/reference/
// base_bound_fast_reference.py confirms both ends by other arithmetic: every f_b(m) ≥ 0 at
// `base` (NumPy long double for all m < L, the binding m again in Python decimal at 60
// digits) and f(binding m) < 0 at `lower` (decimal), and that the two ends are neighbours in
// S_30 (the canonical bracket of docs/base-bound.md, the same in every backend and build; these
// replaced the AVX2 sweep's own brackets, which the canonical ones overlap).
#pragma once

struct FastSweepCase {
    long long context;
    int dim;
    double base;       // feasible
    double lower;      // every smaller base is infeasible
    long long argmin;  // binding m at `base`
};

inline constexpr FastSweepCase kFastSweepCases[] = {
    {131072, 8, 4624301731840.0, 4624301727744.0, 124360},
    {614, 4, 138689876656128.0, 138689876590592.0, 355},
};

// b*(2^20, 4): the fast sweep gave up on it too until its MPFR budget grew with 1/d (more than
// 64 distances within rounding of 0 at once). Not run with the old sweep (seconds before it
// gives up).
inline constexpr FastSweepCase kFastSweepWideCases[] = {
    {1048576, 4, 1.2993267935001566e+23, 1.2993267927964691e+23, 833719},
};
