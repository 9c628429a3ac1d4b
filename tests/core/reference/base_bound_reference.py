#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference values of the minimal RoPE base b*(L, d) for tst_base_bound, in NumPy, sharing no
code with the C++ core (rope::minimalBase()).

Definition (Su, kexue.fm/archives/10122; Xu, Men et al., arXiv 2405.14591):

    b*(L, d) = inf { b > 1 : f_b(m) = sum_{i<d/2} cos(m * b^(-2i/d)) >= 0 for all integers m in M }

with M = [0, L) (Su) or M = [0, L] (Men et al.). The feasible set in b is a union of intervals
and narrow islands, so the script sweeps t = ln b upward and only ever steps over bases it has
*proved* infeasible:

  * at base b a distance m with computed f(m) < -E(m) (E: rounding bound, below) is negative,
    and stays negative on [t, t + s] for the larger of two steps:
      - the global slope bound of the issue: |df/dt| <= m * sum_i (2i/d) theta_i(t), which holds
        for all t' >= t because theta_i only shrinks, so s1 = (-f - E) / that;
      - Taylor with the signed slope f'(t) = sum_i sin(m theta_i) m theta_i (2i/d) and
        |f''| <= m^2 sum_i ((2i/d) theta_i)^2 + m sum_i (2i/d)^2 theta_i (again for all t' >= t):
        s2 = the positive root of f' s + |f''|max s^2 / 2 = -f - E;
  * every step uses the few distances negative at the previous step; when none is, the 512 best
    negative distances of the last full scan; when none of those either, a full scan of every m;
  * when the steps become shorter than the tolerance, the base b * (1 + 0.9 tol) is tried: if
    every f >= 0 there the answer is the bracket [next certified base, that base].

Evaluation differs from the C++ on purpose: single distances with np.cos of the float64 product
m * theta; full scans as real and imaginary parts of a complex-exponential product
exp(i (m0 + j) theta) = exp(i m0 theta) exp(i j theta) in BLAS GEMMs with blocks of 1024;
theta = exp(-(2i/d) ln b). E(m) = 64 (d/2) eps + m sum(theta) (ln b + 4) eps covers the cosines,
the sums and the rounded angles. A base is feasible when every computed f >= 0.

Run with Debian's NumPy (takes tens of minutes on a loaded 2-core machine):
    /usr/bin/python3 tests/core/reference/base_bound_reference.py
It rewrites base_bound_reference_values.h next to this script.
"""

import math
import pathlib
import sys
import time

import numpy as np

EPS = np.finfo(np.float64).eps
TOL = 1e-9
MAX_BASE = 1e30
BLOCK = 1024
POOL = 512
ACTIVE = 16


class Base:
    """theta_i and bounds at one base b."""

    def __init__(self, d, b):
        self.b = b
        self.c = np.arange(0, d, 2, dtype=np.float64) / d  # 2i/d
        self.theta = np.exp(-self.c * math.log(b))
        self.sum_theta = float(self.theta.sum())
        self.slope = float((self.c * self.theta).sum())
        self.curv1 = float(((self.c * self.theta) ** 2).sum())
        self.curv2 = float((self.c ** 2 * self.theta).sum())
        self.err0 = 64 * self.theta.size * EPS
        self.err1 = self.sum_theta * (math.log(b) + 4) * EPS

    def error(self, m):
        return self.err0 + m * self.err1

    def values(self, ms):
        return np.cos(np.outer(ms.astype(np.float64), self.theta)).sum(axis=1)

    def steps(self, ms):
        """(f, certified step in ln b) for each m in ms; step 0 where f is not certainly < 0."""
        mf = ms.astype(np.float64)
        ang = np.outer(mf, self.theta)
        f = np.cos(ang).sum(axis=1)
        margin = (-f - 2 * self.error(mf)) * (1 - 1e-6)
        ok = margin > 0
        step = np.zeros(ms.size)
        if not ok.any():
            return f, step
        with np.errstate(divide="ignore", invalid="ignore"):
            s1 = margin / (mf * self.slope)
            fp = (np.sin(ang) * ang * self.c).sum(axis=1)
            fp += 2 * (ang * self.c * (ang * (math.log(self.b) + 4) * EPS + 8 * EPS)).sum(axis=1)
            k = mf * mf * self.curv1 + mf * self.curv2
            root = np.sqrt(fp * fp + 2 * k * margin)
            s2 = np.where(fp >= 0, 2 * margin / (fp + root), (root - fp) / k)
        s = np.fmax(s1, s2) * (1 - 1e-9)
        s[~np.isfinite(s)] = 0.0
        if self.slope == 0.0:  # d = 2: theta_0 = 1 for every base, f never changes
            s[:] = np.inf
        step[ok] = s[ok]
        return f, step

    def scan(self, n):
        """f(m) for every m in [0, n), by complex-exponential blocks."""
        j = np.arange(BLOCK, dtype=np.float64)
        tab = np.outer(j, self.theta)
        tc, ts = np.cos(tab), np.sin(tab)
        out = np.empty(n)
        starts = np.arange(0, n, BLOCK, dtype=np.float64)
        for s in range(0, starts.size, 256):
            m0 = starts[s:s + 256]
            seed = np.outer(self.theta, m0)
            vals = tc @ np.cos(seed) - ts @ np.sin(seed)  # BLOCK x blocks
            flat = vals.T.reshape(-1)
            lo = int(m0[0])
            hi = min(n, lo + flat.size)
            out[lo:hi] = flat[:hi - lo]
        return out


def advance(b, s):
    return b * math.exp(s) * (1 - 4 * EPS)


def negatives_of(base, f, keep):
    m = np.arange(f.size)
    err = base.error(m.astype(np.float64))
    neg = np.nonzero(f < -2 * err)[0]
    if neg.size == 0:
        return np.zeros(0, dtype=np.int64)
    score = (-f[neg] - 2 * err[neg]) / np.maximum(neg, 1)
    order = np.argsort(-score)[:keep]
    return neg[order].astype(np.int64)


def min_base(n, d, start=None):
    """(lower, upper, argmin m, min f at upper) for distances m in [0, n)."""
    if n <= 2:
        return 1.0, 1.0, n - 1, float("nan")
    b = max(4 / math.pi, start or 0.0)
    certified = b
    tried = 0.0
    delta = 0.9 * math.log1p(TOL)
    active = np.array([2], dtype=np.int64)
    pool = np.zeros(0, dtype=np.int64)
    while True:
        base = Base(d, b)
        step, best, nxt = 0.0, -1, []
        for src in ("active", "pool", "scan"):
            if src == "scan":
                f_all = base.scan(n)
                if f_all.min() >= 0:
                    return certified, b, int(f_all.argmin()), float(f_all.min())
                pool = negatives_of(base, f_all, POOL)
                ms = pool
            else:
                ms = active if src == "active" else pool
            if ms.size == 0:
                continue
            _, s = base.steps(ms)
            s[np.array([advance(b, x) <= b if np.isfinite(x) else False for x in s])] = 0.0
            good = np.nonzero(s > 0)[0]
            if good.size:
                order = good[np.argsort(-s[good])]
                step, best = float(s[order[0]]), int(ms[order[0]])
                nxt = ms[order[:ACTIVE]]
                break
        if step == 0.0:
            # Within rounding of a zero of f: b * e^delta decides.
            u = b * math.exp(delta)
            f_u = Base(d, u).scan(n)
            if f_u.min() >= 0:
                return certified, u, int(f_u.argmin()), float(f_u.min())
            raise RuntimeError(f"undecided at b = {b!r} (n = {n}, d = {d})")
        if math.isinf(step):
            return None
        active = np.asarray(nxt, dtype=np.int64)
        b_next = advance(b, step)
        if b_next >= MAX_BASE:
            return None
        certified = max(certified, b_next)
        if step < delta and b >= tried:
            u = max(b_next, b * math.exp(delta))
            tried = u
            up = Base(d, u)
            cand = np.concatenate([active, pool])
            if cand.size == 0 or (up.values(cand) >= 0).all():
                f_u = up.scan(n)
                if f_u.min() >= 0:
                    return certified, u, int(f_u.argmin()), float(f_u.min())
                pool = negatives_of(up, f_u, POOL)
        b = b_next


def write_header(out, rows):
    lines = [
        "// SPDX-FileCopyrightText: 2026 RoPE Explorer authors",
        "// SPDX-License-Identifier: GPL-3.0-or-later",
        "// Generated by tests/core/reference/base_bound_reference.py (NumPy certified sweep,",
        "// independent of the C++ search); do not edit by hand.",
        "#pragma once",
        "",
        "namespace rope::reference {",
        "",
        "struct MinBaseBracket {",
        "    long long context; // L",
        "    int dim;",
        "    bool inclusive;    // m in [0, L] (Men et al.) instead of [0, L) (Su)",
        "    double lower;      // every base below is infeasible",
        "    double upper;      // feasible: every f >= 0",
        "    long long argmin;  // binding m at upper",
        "};",
        "",
        "inline constexpr MinBaseBracket kMinBaseBrackets[] = {",
    ]
    for L, d, inc, lo, hi, arg in sorted(rows, key=lambda r: (r[1] != 128, r[1], r[2], r[0])):
        lines.append(f"    {{{L}, {d}, {'true' if inc else 'false'}, {lo!r}, {hi!r}, {arg}}},")
    lines += ["};", "", "} // namespace rope::reference", ""]
    out.write_text("\n".join(lines))


def main():
    """Contexts in increasing order per d, each sweep starting at the lower bracket of the
    previous (shorter) one: b* does not decrease with L, as a base that serves L serves every
    shorter context. The m in [0, L] sweep starts at the lower bracket of m in [0, L)."""
    out = pathlib.Path(__file__).with_name("base_bound_reference_values.h")
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 62
    binary = [1024 << k for k in range(11)]
    decimal = [1000 * 10 ** k for k in range(4)]
    plan = {128: sorted(set(binary + decimal)), 64: [128, 1000, 1024, 4096, 16384],
            256: [1024, 4096, 16384],
            # Small heads and contexts (formerly checked against a grid search).
            4: [3, 5, 8], 6: [10], 8: [3, 5, 10, 20, 50], 12: [20], 16: [10, 100, 300],
            32: [64, 500]}
    rows = []
    for d, contexts in plan.items():
        start = None
        for L in contexts:
            if L > limit:
                continue
            for inclusive in (False, True):
                t0 = time.time()
                n = L + 1 if inclusive else L
                lo, hi, arg, fmin = min_base(n, d, start if not inclusive else rows[-1][3])
                rows.append((L, d, inclusive, lo, hi, arg))
                if not inclusive:
                    start = lo
                print(f"L={L} d={d} inclusive={inclusive}: [{lo!r}, {hi!r}] argmin {arg} "
                      f"min f {fmin:.3g} ({time.time() - t0:.1f} s)", flush=True)
                write_header(out, rows)


if __name__ == "__main__":
    main()
