// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// b*(131072, 8), b*(614, 4) and b*(1048576, 4), which the sweep before issue #26 gave up on (double
// precision could not decide the sign of f over 32 bases in a row). The values are the fast sweep's
// output (its certificate: every base below `lower` fails); tests/core/reference/
// base_bound_fast_reference.py confirms both ends by other arithmetic: every f_b(m) ≥ 0 at
// `base` (NumPy long double for all m < L, the binding m again in Python decimal at 60
// digits) and f(binding m) < 0 at `lower` (decimal).
#pragma once

struct FastSweepCase {
    long long context;
    int dim;
    double base;       // feasible
    double lower;      // every smaller base is infeasible
    long long argmin;  // binding m at `base`
};

inline constexpr FastSweepCase kFastSweepCases[] = {
    {131072, 8, 4624301734979.2764, 4624301730817.4043, 124360},
    {614, 4, 138689876769095.45, 138689876644274.55, 355},
};

// b*(2^20, 4): the fast sweep gave up on it too until its MPFR budget grew with 1/d (more than
// 64 distances within rounding of 0 at once). Not run with the old sweep (seconds before it
// gives up).
inline constexpr FastSweepCase kFastSweepWideCases[] = {
    {1048576, 4, 1.2993267941736406e+23, 1.2993267930042464e+23, 833719},
};
