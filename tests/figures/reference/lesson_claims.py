#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The factual sentences of the lessons (resources/lessons/<panel>.<lang>.html), recomputed.

Every number a lesson states, and every "always", "never", "every" that a number can break, is
recomputed here in NumPy from the published formula, sharing no code with the C++ core, and
asserted. Where a claim rests on a sentence, the sentence's key words are looked up in the
English and the Chinese lesson, so that a reworded lesson fails here until someone re-checks it.
Placeholders such as {{decay.first-negative-1e4-d128}} are filled by figures/lessons.cpp; this
script recomputes their values independently and checks that both languages still use them.

A few values come from a certified search this script cannot repeat cheaply (b*(L, d): the
smallest base whose cosine sum stays >= 0 for every m < L, `rope-cli min-base`): for those it
checks what it can, that f >= 0 at the quoted base and f < 0 just below its certified bracket.

Run from the repository root or anywhere:
    /usr/bin/python3 tests/figures/reference/lesson_claims.py
Prints one line per claim, OK or FAIL, and exits 1 if any claim fails. Takes a few seconds.
"""

import html
import json
import math
import pathlib
import re
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[3]
LESSONS = ROOT / "resources" / "lessons"
NBSP = "\u00a0"

_failures = []
_count = 0


def plain(panel, lang):
    """Visible text of a lesson: comments and tags dropped, entities decoded, spaces collapsed."""
    raw = (LESSONS / f"{panel}.{lang}.html").read_text(encoding="utf-8")
    raw = re.sub(r"<!--.*?-->", " ", raw, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]*>", "", raw))
    return re.sub(r"\s+", " ", text.replace(NBSP, " "))


def raw_lesson(panel, lang):
    return (LESSONS / f"{panel}.{lang}.html").read_text(encoding="utf-8")


def claim(panel, text, ok, evidence, en=(), zh=(), placeholder=None):
    """Records one claim. en/zh: fragments that must occur in that lesson's visible text (the
    sentence this claim checks); placeholder: a {{name}} both languages must still use."""
    global _count
    _count += 1
    problems = []
    for lang, fragments in (("en", en), ("zh_CN", zh)):
        if isinstance(fragments, str):
            fragments = (fragments,)
        body = plain(panel, lang)
        for f in fragments:
            if re.sub(r"\s+", " ", f) not in body:
                problems.append(f"sentence not found in {panel}.{lang}: {f!r}")
    if placeholder:
        for lang in ("en", "zh_CN"):
            if "{{" + placeholder + "}}" not in raw_lesson(panel, lang):
                problems.append(f"{panel}.{lang} no longer uses {{{{{placeholder}}}}}")
    good = bool(ok) and not problems
    status = "OK  " if good else "FAIL"
    print(f"{status} [{panel}] {text}\n       {evidence}")
    for p in problems:
        print(f"       ! {p}")
    if not good:
        _failures.append(f"[{panel}] {text}")


# ---------------------------------------------------------------------------------------------
# Shared formulas

def theta(d, b):
    """RoPE's ladder θ_i = b^(−2i/d), i = 0 … d/2 − 1."""
    return np.asarray(b, dtype=np.float64) ** (-2.0 * np.arange(d // 2) / d)


def cos_sum(ms, th, chunk=4096):
    """f(m) = Σ_i cos(m θ_i) for every m in ms."""
    ms = np.asarray(ms, dtype=np.float64)
    out = np.empty(ms.size)
    for s in range(0, ms.size, chunk):
        out[s:s + chunk] = np.cos(np.outer(ms[s:s + chunk], th)).sum(axis=1)
    return out


def first_negative(th, limit):
    """First integer m in 1 … limit − 1 with f(m) < 0, or None."""
    for s in range(1, limit, 8192):
        ms = np.arange(s, min(s + 8192, limit))
        f = cos_sum(ms, th)
        neg = np.nonzero(f < 0)[0]
        if neg.size:
            return int(ms[neg[0]])
    return None


def min_f(th, ms):
    return float(cos_sum(ms, th).min())


def rounded(v, digits):
    """lessons.cpp's rounded(): v to `digits` significant digits, English grouping."""
    scale = 10.0 ** (math.floor(math.log10(abs(v))) - digits + 1)
    r = round(v / scale) * scale
    decimals = int(-math.log10(scale)) if scale < 1 else 0
    return f"{r:,.{decimals}f}"


def spaced(s):
    return s.replace(",", " ")


def rotation(angle):
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s], [s, c]])


def block_rotation(m, th):
    """R_m of RoPE, interleaved layout: one 2 × 2 rotation per pair."""
    d = 2 * th.size
    r = np.zeros((d, d))
    for i, t in enumerate(th):
        r[2 * i:2 * i + 2, 2 * i:2 * i + 2] = rotation(m * t)
    return r


def expm_skew(a, terms=40):
    """exp(A) by scaling and squaring a Taylor series (A small after scaling)."""
    k = max(0, int(math.ceil(math.log2(max(np.abs(a).sum(axis=1).max(), 1e-300)))) + 1)
    b = a / (2 ** k)
    out = np.eye(a.shape[0])
    term = np.eye(a.shape[0])
    for j in range(1, terms):
        term = term @ b / j
        out = out + term
    for _ in range(k):
        out = out @ out
    return out


def llama3_theta(th, factor, low, high, original):
    """Llama 3.1's rope_type "llama3" (transformers' _compute_llama3_parameters)."""
    wavelen = 2 * np.pi / th
    low_wavelen, high_wavelen = original / low, original / high
    smooth = (original / wavelen - low) / (high - low)
    blended = (1 - smooth) * th / factor + smooth * th
    out = np.where(wavelen > low_wavelen, th / factor, th)
    mid = (wavelen >= high_wavelen) & (wavelen <= low_wavelen)
    return np.where(mid, blended, out)


def yarn_theta(d, b, factor, original, beta_fast=32.0, beta_slow=1.0, truncate=True):
    """YaRN's frequencies (transformers' _compute_yarn_parameters)."""
    def correction_dim(rotations):
        return d * math.log(original / (rotations * 2 * math.pi)) / (2 * math.log(b))
    low, high = correction_dim(beta_fast), correction_dim(beta_slow)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, d - 1)
    if low == high:
        high += 0.001
    ramp = np.clip((np.arange(d // 2) - low) / (high - low), 0, 1)
    extrapolation = 1 - ramp
    th = theta(d, b)
    return th / factor * (1 - extrapolation) + th * extrapolation


def agreement(th_a, th_b, deltas):
    """c(Δ) = mean_i cos((θ_A,i − θ_B,i)·Δ), the doctor lesson's agreement of two models."""
    return np.cos(np.outer(deltas, th_a - th_b)).mean(axis=1)


rng = np.random.default_rng(33)

# ---------------------------------------------------------------------------------------------
# rotation

th = theta(128, 1e4)
q, k = rng.standard_normal(128), rng.standard_normal(128)
lhs = (block_rotation(3, th) @ q) @ (block_rotation(10, th) @ k)
rhs = q @ block_rotation(7, th) @ k
claim("rotation", "(R_m q)^T (R_n k) = q^T R_(n−m) k", abs(lhs - rhs) < 1e-12,
      f"m = 3, n = 10, random q, k: {lhs:.15f} vs {rhs:.15f}",
      en="(Rmq)T(Rnk) = qTRn−mk", zh="(Rmq)T(Rnk) = qTRn−mk")

L = 4096
t1 = 0.999 * 2 * np.pi / L
angles = np.sort(np.mod(np.arange(L) * t1, 2 * np.pi))
claim("rotation", "one θ < 2π/L gives every position of the context its own angle",
      np.diff(angles).min() > 0 and angles[-1] < 2 * np.pi,
      f"θ = 0.999·2π/L, L = {L}: smallest gap between the {L} angles {np.diff(angles).min():.3g} rad",
      en="with θ < 2π/L every position in the context gets its own angle",
      zh="θ < 2π/L 时上下文内每个位置都有自己的角度")

q2, k2 = rng.standard_normal(2), rng.standard_normal(2)
deltas = np.arange(-50, 51)
score = np.array([q2 @ rotation(dd * 0.3) @ k2 for dd in deltas])
amp = np.linalg.norm(q2) * np.linalg.norm(k2)
phi = math.atan2(k2[1], k2[0]) - math.atan2(q2[1], q2[0])
claim("rotation", "with one θ the score over distance is a single sinusoid A·cos(Δθ + φ)",
      np.abs(score - amp * np.cos(deltas * 0.3 + phi)).max() < 1e-12,
      f"θ = 0.3, random 2-d q, k: A = |q||k| = {amp:.4f}, max deviation "
      f"{np.abs(score - amp * np.cos(deltas * 0.3 + phi)).max():.2g}",
      en="is a single sinusoid A·cos((n−m)θ + φ)", zh="是单个正弦 A·cos((n−m)θ + φ)")

# ---------------------------------------------------------------------------------------------
# derivation

ps = np.arange(0, 4096)
mirror = math.pi - 3.0
res = np.mod(ps * 1.0 - mirror + np.pi, 2 * np.pi) - np.pi
hits = ps[np.abs(res) <= math.radians(1.0)]
first = int(hits[0])
claim("derivation", "for θ = 1 rad, positions 3 and 19 are 0.51° off an exact mirror (sin page)",
      first == 19 and f"{math.degrees(abs(res[19])):.2f}" == "0.51",
      f"first integer within 1° of π − 3: {first}, off by {math.degrees(abs(res[19])):.4f}°",
      en="positions 3 and 19, 0.51° off an exact mirror", zh="位置 3 和 19 与精确镜像只差 0.51°")

gaps = np.abs(np.mod(np.arange(1, 100001) * 1.0 + np.pi, 2 * np.pi) - np.pi)
claim("derivation", "a fast frequency brings positions back NEARLY to the same angle, never "
      "exactly (θ = 1 rad, integer positions)",
      gaps.min() > 0 and gaps[:709].min() > 1e-3 and gaps.min() < 1e-4,
      f"smallest |kθ mod 2π| for k = 1 … 10⁵: {gaps.min():.3g} rad at k = {int(gaps.argmin()) + 1}"
      f" (k ≤ 709: {gaps[:709].min():.3g})",
      en="A fast frequency brings positions back to nearly the same angle",
      zh="快频率会让一些位置回到几乎相同的角度")

d_int = np.arange(0, 4096)
sc = np.cos((d_int - 7) * 1.0)
others = np.delete(sc, 7)
claim("derivation", "one θ = 1 rad aimed at distance 7: the score peaks again, nearly as high, "
      "but at integer distances never exactly as high",
      others.max() < 1.0 and others.max() > 0.999 and sc[13] > 0.95,
      f"max over integer Δ ≠ 7 < 4096 of cos(Δ − 7) = 1 − {1 - others.max():.2g} at Δ = "
      f"{int(np.delete(d_int, 7)[others.argmax()])}; Δ = 13: {sc[13]:.3f}",
      en=("(nearly) as high again somewhere else", "at integer distances nearly as high"),
      zh=("还是在别处也（几乎）同样高", "在整数距离上几乎同样高"))

a = 1.07
qc, kc = complex(*rng.standard_normal(2)), complex(*rng.standard_normal(2))
fam = [qc * a ** m * np.exp(1j * m * 0.4) * np.conj(kc * a ** (-n) * np.exp(1j * n * 0.4))
       for m, n in ((3, 1), (10, 8), (25, 23))]
claim("derivation", "with separate encodings, lengths ‖q‖aᵐ and ‖k‖a⁻ⁿ also make the complex "
      "product depend on m − n only (the xPos family)",
      max(abs(f - fam[0]) for f in fam) < 1e-9 * abs(fam[0]),
      f"a = {a}: products at (3,1), (10,8), (25,23) agree to {max(abs(f - fam[0]) for f in fam):.2g}",
      en="‖q‖·am and ‖k‖·a−m also solve it", zh="‖q‖·am 和 ‖k‖·a−m 也满足要求")

s1 = math.sin(0 * 0.7) * math.sin(3 * 0.7)
s2 = math.sin(5 * 0.7) * math.sin(8 * 0.7)
claim("derivation", "sin(mθ)·sin(nθ) is not a function of m − n", abs(s1 - s2) > 0.1,
      f"θ = 0.7: (m, n) = (0, 3) gives {s1:.3f}, (5, 8) gives {s2:.3f}",
      en="sin(mθ)·sin(nθ) depends on m + n", zh="sin(mθ)·sin(nθ) 依赖于 m + n")

# ---------------------------------------------------------------------------------------------
# identity


def relativity_residual(m, n, th):
    return np.abs(block_rotation(m, th).T @ block_rotation(n, th) - block_rotation(n - m, th)).max()


same = relativity_residual(1e6, 1e6, th)
apart = relativity_residual(1e6, 1e6 + 3, th)
claim("identity", "in double at m = n = 10⁶ the residual stays about 10⁻¹⁶; at m = 10⁶, "
      "n = 10⁶ + 3 it grows to about 10⁻¹⁰", same < 1e-15 and 1e-12 < apart < 1e-9,
      f"NumPy: {same:.2g} and {apart:.2g} (rope-cli identity: 2.2e-16 and 8.2e-11)",
      en=("watch the residual grow to about 10−10", "it falls back to about 10−16"),
      zh=("看残差增长到约 10−10", "它回落到约 10−16"))

# ---------------------------------------------------------------------------------------------
# absolute


def pe_sinusoidal(positions, d, b):
    om = theta(d, b)
    out = np.zeros((positions.size, d))
    out[:, 0::2] = np.sin(np.outer(positions, om))
    out[:, 1::2] = np.cos(np.outer(positions, om))
    return out


P, d_abs = 64, 16
pos = np.arange(P)
pe = pe_sinusoidal(pos, d_abs, 1e4)
om = theta(d_abs, 1e4)
shift = 5
w = np.zeros((d_abs, d_abs))
for i, o in enumerate(om):
    c, s = math.cos(shift * o), math.sin(shift * o)
    # (sin(p+k)ω, cos(p+k)ω) = [[c, s], [−s, c]] (sin pω, cos pω)
    w[2 * i:2 * i + 2, 2 * i:2 * i + 2] = [[c, s], [-s, c]]
claim("absolute", "sinusoidal: PE(p + k) = W_k PE(p) with one block rotation W_k for every p",
      np.abs(pe[shift:] - pe[:-shift] @ w.T).max() < 1e-12,
      f"k = {shift}, P = {P}, d = {d_abs}: max error {np.abs(pe[shift:] - pe[:-shift] @ w.T).max():.2g}",
      en="PE(p+k) = WkPE(p), with Wk a block rotation", zh="PE(p+k) = WkPE(p)，Wk 是与 p 无关的分块旋转")

claim("absolute", "integer codes: no matrix W maps PE(p) = p·1 to PE(p + 1) for every p (W·0 = 0)",
      True, "PE(0) = 0 but PE(1) = 1 ≠ W·0", en="(W·0 = 0)", zh="（W·0 = 0）")

bits = ((pos[:, None] >> np.arange(d_abs)) & 1).astype(float)
aug = np.hstack([bits[:-1], np.ones((P - 1, 1))])
coef, *_ = np.linalg.lstsq(aug, bits[1:], rcond=None)
affine_res = np.abs(aug @ coef - bits[1:]).max()
claim("absolute", "binary codes are not even affine in the shift (and integer codes are)",
      affine_res > 0.1,
      f"best affine map PE(p) ↦ PE(p + 1) over p < {P}, d = {d_abs}: max residual {affine_res:.3f}",
      en=("Integer codes are affine in the shift, not linear", "Binary codes are not even affine"),
      zh=("整数编码对平移是仿射的", "二进制编码连仿射都不是"))


def decay_slope(enc):
    kmax = min(16, P // 2)
    starts = P - kmax
    s = np.array([(enc[:starts] * enc[k_:k_ + starts]).sum() / starts
                  for k_ in range(1, kmax + 1)])
    return np.polyfit(np.arange(1, kmax + 1), s, 1)[0]


slopes = {"sinusoidal": decay_slope(pe), "integer": decay_slope(np.repeat(pos[:, None] * 1.0, d_abs, 1)),
          "binary": decay_slope(bits)}
claim("absolute", "decaying test (P = 64): sinusoidal passes, integer fails, binary fails barely",
      slopes["sinusoidal"] < 0 and slopes["integer"] > 0 and 0 < slopes["binary"] < 0.01,
      "least-squares slopes of the mean ⟨PE(p), PE(p+k)⟩ over k = 1…16: "
      + ", ".join(f"{k_} {v:+.4g}" for k_, v in slopes.items()),
      en="binary fails at the default P = 64, barely", zh="二进制在默认 P = 64 时勉强不通过")

# ---------------------------------------------------------------------------------------------
# attention

q8, k8 = rng.standard_normal(8), rng.standard_normal(8)
th8 = theta(8, 1e4)
S = np.array([[(block_rotation(m, th8) @ q8) @ (block_rotation(n, th8) @ k8) for n in range(16)]
              for m in range(16)])
toeplitz = max(np.ptp(np.diagonal(S, o)) for o in range(-15, 16))
x = rng.standard_normal(8)
wq, wk = rng.standard_normal((8, 8)), rng.standard_normal((8, 8))
pe8 = pe_sinusoidal(np.arange(16), 8, 1e4)
Ssin = ((x + pe8) @ wq.T) @ ((x + pe8) @ wk.T).T
toeplitz_sin = max(np.ptp(np.diagonal(Ssin, o)) for o in range(-15, 16))
claim("attention", "one token repeated: RoPE's score matrix is Toeplitz, sinusoidal PE's is not",
      toeplitz < 1e-12 and toeplitz_sin > 0.1,
      f"largest spread along a diagonal, 16 positions, d = 8: RoPE {toeplitz:.2g}, sinusoidal "
      f"{toeplitz_sin:.3g} (rope-cli figure --panel attention: 4.4e-16 and 2.23)",
      en="The Toeplitz readout is clearly non-zero for sinusoidal PE", zh="正弦编码的 Toeplitz 读数明显不为零")

# ---------------------------------------------------------------------------------------------
# position-schemes


def t5_bucket(relative, bidirectional, buckets=32, max_distance=128):
    """T5's relative_position_bucket (Raffel et al. 2020; transformers' T5Attention)."""
    out = 0
    n = -relative
    if bidirectional:
        buckets //= 2
        out += buckets if n < 0 else 0
        n = abs(n)
    else:
        n = max(n, 0)
    exact = buckets // 2
    if n < exact:
        return out + n
    large = exact + int(math.log(n / exact) / math.log(max_distance / exact) * (buckets - exact))
    return out + min(large, buckets - 1)


causal = [t5_bucket(-dist, False) for dist in range(40)]
both = [t5_bucket(-dist, True) for dist in range(40)]
claim("position-schemes", "T5, B = 32, causal: distances 0–15 get a bucket each, from 16 on they "
      "share; bidirectional: from 8 on",
      causal[:16] == list(range(16)) and causal[16] == causal[17]
      and both[:8] == list(range(8)) and both[8] == both[9],
      f"causal buckets of 0…19: {causal[:20]}; bidirectional: {both[:12]}",
      en=("distances 0–15 get a bucket each", "from 8 on"), zh=("距离 0–15 各占一个桶", "从 8 起"))

slopes_alibi = [2 ** (-8 * h / 8) for h in range(1, 9)]
claim("position-schemes", "ALiBi with n = 8 heads: the slope halves from head to head",
      all(abs(slopes_alibi[i + 1] / slopes_alibi[i] - 0.5) < 1e-15 for i in range(7)),
      f"slopes 2^(−8h/n): {slopes_alibi}", en="the slope halves with each head when n = 8",
      zh="n = 8 时每换一个头斜率减半")

# ---------------------------------------------------------------------------------------------
# heatmap

th = theta(128, 1e4)
slowest = 2 * np.pi / th[-1]
claim("heatmap", "slowest period 2π·b^((d−2)/d) at b = 10⁴, d = 128 is about 54,000 tokens",
      rounded(slowest, 2) == "54,000" and abs(slowest - 2 * np.pi * 1e4 ** (126 / 128)) < 1e-6,
      f"2π/θ_63 = {slowest:.1f}", placeholder="heatmap.slowest-wavelength")
claim("heatmap", "pair 0 turns once every 2π ≈ 6.3 tokens; neighbouring periods differ by β = b^(2/d)",
      abs(2 * np.pi - 6.283) < 1e-3 and np.allclose(th[:-1] / th[1:], 1e4 ** (2 / 128)),
      f"β = {1e4 ** (2 / 128):.6f}", en="Pair 0 turns once every 2π ≈ 6.3 tokens",
      zh="第 0 对每 2π ≈ 6.3 个词元转一圈")
claim("heatmap", "θ₀ = 1 for every base: pair 0 never changes with b",
      all(theta(128, b)[0] == 1.0 for b in (2.0, 1e4, 2e4, 5e5, 1e6)), "b⁰ = 1",
      en="pair 0 never changes (θ0 = 1 for every base)", zh="第 0 对始终不变（任何底数下 θ0 = 1）")
d_extra = 2 * math.ceil(64 * math.log(4096 / (2 * np.pi)) / math.log(1e4))
turns = 4096 * th / (2 * np.pi)
claim("heatmap", "critical dimension of Llama 2 (d = 128, b = 10⁴, L = 4096) is 92; the pairs "
      "left of it complete a turn within L, the pairs right of it do not",
      d_extra == 92 and (turns[:46] >= 1).all() and (turns[46:] < 1).all(),
      f"2⌈64·log_b(4096/2π)⌉ = {d_extra}; pair 45 turns {turns[45]:.3f}×, pair 46 {turns[46]:.3f}×",
      placeholder="heatmap.critical-dimension-llama2")


def row_contrast(theta_i, positions=4096, rows=600):
    edges = [r * positions // rows for r in range(rows + 1)]
    best = 0.0
    for r in range(rows):
        run = np.arange(edges[r], edges[r + 1])
        best = max(best, abs(np.cos(run * theta_i).mean()))
    return best


c0, c3 = row_contrast(th[0]), row_contrast(th[3])
claim("heatmap", "at 600 rows over 4 096 positions pair 0 keeps 10 % of its contrast, pair 3 49 %",
      round(100 * c0) == 10 and round(100 * c3) == 49, f"largest |row mean of cos|: {c0:.4f}, {c3:.4f}",
      placeholder="heatmap.pair0-contrast-600-rows")
N, a0, tt = 7, 123, 0.37
dirichlet = math.sin(N * tt / 2) / (N * math.sin(tt / 2)) * math.cos((a0 + (N - 1) / 2) * tt)
claim("heatmap", "mean of cos over a run of N positions = sin(Nθ/2)/(N sin(θ/2))·cos(centre·θ)",
      abs(np.cos((a0 + np.arange(N)) * tt).mean() - dirichlet) < 1e-14,
      f"N = {N}, start {a0}, θ = {tt}: {np.cos((a0 + np.arange(N)) * tt).mean():.12f} vs {dirichlet:.12f}",
      en="sin(Nθ/2)/(N sin(θ/2))·cos(centre·θ)", zh="sin(Nθ/2)/(N sin(θ/2))·cos(中心·θ)")
slow = 1.5 * np.pi / 4096
claim("heatmap", "a slow column (θ < 2π/L) never returns to the same angle in the context, but "
      "its cos colour can repeat (cos(mθ) = cos(2π − mθ))",
      abs(math.cos(2048 * slow) - math.cos(3413 * slow)) < 1e-3 and 4095 * slow < 2 * np.pi,
      f"θ = 1.5π/4096: cos at m = 2048 {math.cos(2048 * slow):.4f}, at m = 3413 "
      f"{math.cos(3413 * slow):.4f}; largest angle {4095 * slow:.3f} < 2π",
      en="never returns to the same angle inside the context", zh="在上下文内不会回到同一角度")

# ---------------------------------------------------------------------------------------------
# decay

fneg = first_negative(th, 1 << 20)
f_after = cos_sum(np.arange(fneg, 4096), th)
claim("decay", "at b = 10⁴, d = 128 the cosine sum is first negative at m = 1 707, then rises again",
      fneg == 1707 and f_after.max() > 0,
      f"first m with Σcos < 0: {fneg}; largest Σcos on 1 707…4 095: {f_after.max():.2f}",
      placeholder="decay.first-negative-1e4-d128")
qs = rng.standard_normal((20000, 128))
th_m = theta(128, 1e4)
mc = np.mean([qq @ block_rotation(50, th_m) @ qq for qq in qs[:2000]])
claim("decay", "E over random q (unit-variance entries) of qᵀR_m q = 2·Σcos(mθᵢ)",
      abs(mc - 2 * np.cos(50 * th_m).sum()) < 0.1 * 128,
      f"m = 50: Monte Carlo over 2 000 q {mc:.2f}, closed form {2 * np.cos(50 * th_m).sum():.2f}",
      en="is 2·Σi cos(mθi)", zh="等于 2·Σi cos(mθi)")
th_big = theta(128, 5e5)
claim("decay", "a larger base slows every pair except pair 0",
      th_big[0] == th_m[0] and (th_big[1:] < th_m[1:]).all(), "θ(5·10⁵) < θ(10⁴) for i ≥ 1, equal at i = 0",
      en="slows every pair except pair 0", zh="除第 0 对外每一对都转得越慢")
claim("decay", "the fastest pair turns once per 2π ≈ 6.3 tokens", True, "2π = 6.283",
      en="turns once per 2π ≈ 6.3 tokens", zh="每 2π ≈ 6.3 个词元转一圈")

for panel in ("decay", "base-bound"):
    claim(panel, "Su's post kexue.fm/archives/10122 is titled 'RoPE的底数选择原则'", True,
          "title of the post (2024-05-29); 'RoPE的底数设计原则' was a wrong title",
          en="Transformer升级之路：18、RoPE的底数选择原则", zh="Transformer升级之路：18、RoPE的底数选择原则")

# ---------------------------------------------------------------------------------------------
# base-bound (b* values from rope-cli min-base: the certified search; checked here at the ends)

B_STAR = {(32768, 128): (629978.26318359375, 629978.2626953125),
          (4096, 128): (26952.339233398438, 26952.339218139648),
          (1024, 256): (2967.5056819915771, 2967.5056800842285),
          (16384, 256): (103607.67578125, 103607.67572021484),
          (8192, 128): (83763.841064453125, 83763.841003417969)}
for (Lc, dc), (bstar, lower) in B_STAR.items():
    ok_at = min_f(theta(dc, bstar), np.arange(Lc))
    below = min_f(theta(dc, lower * (1 - 1e-6)), np.arange(Lc))
    claim("base-bound", f"b*({Lc}, {dc}) ≈ {bstar:.6g}: f ≥ 0 on m < L there, f < 0 just below",
          ok_at >= -1e-9 and below < 0, f"min f at b*: {ok_at:.3g}; at the bracket·(1 − 10⁻⁶): {below:.3g}")

claim("base-bound", "L is the span of distances 0 … L−1 (Su's m < L), one more than the longest "
      "distance: a window of 1 024 tokens (distances 0 … 1 023) needs b*(1 024)", True,
      "kexue.fm/archives/10122: m ∈ {0, 1, …, L − 1}; a sliding window W attends to distances < W",
      en="Here L is the span a layer actually attends to (distances 0 … L−1)",
      zh="这里的 L 是该层实际注意的跨度（距离 0 … L−1）")
bstar32 = B_STAR[(32768, 128)][0]
claim("base-bound", "b*(32 768, 128) reads 'about 630 000' (three digits)",
      spaced(rounded(bstar32, 3)) == "630 000", f"{bstar32:.2f}", placeholder="base-bound.min-base-32k-d128")
sample = np.geomspace(1e4, 0.999 * bstar32, 40)
claim("base-bound", "no base sampled below b*(32 768, 128) passes (sanity check of minimality)",
      all(min_f(theta(128, b), np.arange(32768)) < 0 for b in sample),
      "40 bases log-spaced from 10⁴ to 0.999·b*: every one has f < 0 somewhere on m < 32 768")
claim("base-bound", "b* grows faster than L", B_STAR[(32768, 128)][0] / B_STAR[(4096, 128)][0] > 8,
      f"b*(32 768)/b*(4 096) = {B_STAR[(32768, 128)][0] / B_STAR[(4096, 128)][0]:.1f} > 32 768/4 096 = 8",
      en="it grows faster than L", zh="它比 L 增长得更快")
neg635 = first_negative(theta(128, 635000.0), 32768)
claim("base-bound", "635 000 is less than 1 % above b* and still fails, at m = 27 650",
      neg635 == 27650 and 0 < 635000 / bstar32 - 1 < 0.01,
      f"635 000/b* − 1 = {100 * (635000 / bstar32 - 1):.2f} %; first negative m = {neg635}",
      en="less than 1 % above it", zh="比它大不到 1% 的底数 635 000",
      placeholder="base-bound.first-negative-635000-32k")
quarter = (2 * 32768 / np.pi) ** (128 / 126)
claim("base-bound", "the quarter-turn rule is only a rough guide to b*",
      quarter < 0.1 * bstar32, f"L·θ_min ≤ π/2 asks only b ≥ {quarter:.4g}, b* = {bstar32:.4g}",
      en="are only rough guides to b*", zh="只是 b* 的粗略估计")
men = 0.0424 * 32768 ** 1.628
claim("base-bound", "Men et al.'s fit 0.0424·L^1.628 at 32 768 tokens, over the exact b*",
      men / bstar32 > 1, f"{men:.4g} / {bstar32:.4g} = {men / bstar32:.2f}",
      placeholder="base-bound.men-fit-ratio-32k")
men_inclusive_1m = 65374955.15625  # rope-cli min-base --context 1048576 --dim 128 --m-inclusive
claim("base-bound", "Men et al.'s printed 1M base (5.1·10⁸) lies far above the exact b*",
      5.1e8 / men_inclusive_1m > 5, f"5.1·10⁸ / {men_inclusive_1m:.4g} = {5.1e8 / men_inclusive_1m:.1f}",
      en="their table's 1M value lies far above the exact one", zh="他们表中 1M 的值远高于精确值")

# The published tables (two digits) against the exact b*(L, 128) of rope-cli min-base (the same
# for m < L and m ≤ L at these L): which printed bases fail, and whether below or above b*.
EXACT_128 = {1024: 4293.437572479248, 2048: 11587.24430847168, 4096: 26952.339233398438,
             8192: 83763.84106445312, 16384: 231643.64685058594, 32768: 629978.2631835938,
             65536: 2090179.6748046875, 131072: 4869104.37109375, 262144: 23662397.046875,
             524288: 58496173.8125, 1048576: 65374955.15625}
SU = [4.3e3, 1.2e4, 2.7e4, 8.4e4, 2.3e5, 6.3e5, 2.1e6, 4.9e6, 2.4e7, 5.8e7, 6.5e7]
MEN = [4.3e3, 1.6e4, 2.7e4, 8.4e4, 3.1e5, 6.4e5, 2.1e6, 7.8e6, 3.6e7, 6.4e7, 5.1e8]
below, gap_fail = 0, 0
for table, inclusive in ((SU, 0), (MEN, 1)):
    for Lc, printed in zip(EXACT_128, table):
        if first_negative(theta(128, printed), Lc + inclusive) is not None:
            if printed < EXACT_128[Lc]:
                below += 1
            else:
                gap_fail += 1
claim("base-bound", "published tables: a few printed bases round to just below b*, more fail above "
      "b* in a gap between islands", 0 < below < gap_fail,
      f"of 22 printed bases (Su m < L, Men et al. m ≤ L), {below} fail below b*, {gap_fail} fail "
      "above it",
      en="a few round to just below b*, and more land above b* but in a gap between the feasible islands",
      zh="少数舍入后略低于 b*，更多的高于 b* 却落在可行“岛屿”之间的空隙里")
claim("base-bound", "spans: b*(1 024, 256) ≈ 2 970, far below the local base 10⁴, which passes",
      B_STAR[(1024, 256)][0] < 1e4 and min_f(theta(256, 1e4), np.arange(1024)) > 0,
      f"b* = {B_STAR[(1024, 256)][0]:.1f}; min f at 10⁴, m < 1 024: "
      f"{min_f(theta(256, 1e4), np.arange(1024)):.1f}",
      en="Gemma 3 4B's local layers", zh="Gemma 3 4B 的局部层", placeholder="spans.min-base-1024-d256")
gem = min_f(theta(256, 1e6) / 8, np.arange(131072))
frac = min_f(theta(256, B_STAR[(16384, 256)][0]), np.arange(131072) / 8.0)
claim("base-bound", "Gemma 3 4B global layers: 10⁶ with linear ×8 passes on all 131 072 positions; "
      "the positions m/8 fall between integers, where b*(16 384, 256) itself fails (a little more "
      "is needed)", gem > 0 and frac < 0,
      f"min f at 10⁶/8 over m < 131 072: {gem:.2f}; at b*(16 384, 256) on m/8: {frac:.4f}",
      en="a little more, since m/8 also falls between integers",
      zh="还要略多一些，因为 m/8 也会落在整数之间", placeholder="spans.min-base-16384-d256")
claim("base-bound", "Llama 4: b*(8 192, 128) ≈ 83 800, far below its 5·10⁵, which passes m < 8 192",
      B_STAR[(8192, 128)][0] < 5e5 and min_f(theta(128, 5e5), np.arange(8192)) > 0,
      f"b* = {B_STAR[(8192, 128)][0]:.1f}", placeholder="spans.min-base-8192-d128")

# ---------------------------------------------------------------------------------------------
# extension

d, b, s = 128, 1e4, 8.0
th = theta(d, b)
ntk = theta(d, b * s ** (d / (d - 2)))
claim("extension", "NTK-aware: b' = b·s^(d/(d−2)) divides the slowest pair by exactly s, keeps "
      "pair 0, and is slightly more than b·s",
      abs(th[-1] / ntk[-1] - s) < 1e-12 and ntk[0] == th[0] and 8 < s ** (d / (d - 2)) < 8.5,
      f"s = 8, d = 128: θ_63/θ'_63 = {th[-1] / ntk[-1]:.15f}; s^(d/(d−2)) = {s ** (d / (d - 2)):.4f}",
      en="slightly more than b·s", zh="比 b·s 略大")
yarn = yarn_theta(d, b, s, 4096)
kept = int(np.sum(yarn == th))
claim("extension", "at s = 8 YaRN keeps at least the fastest quarter of the pairs exactly; linear "
      "keeps none and NTK only pair 0",
      kept >= 16 and np.sum(th / s == th) == 0 and np.sum(ntk == th) == 1,
      f"b = 10⁴, d = 128, L₀ = 4 096: YaRN keeps {kept} of 64 pairs "
      f"(L₀ = 2 048: {int(np.sum(yarn_theta(d, b, s, 2048) == th))})",
      en="which method leaves the fastest quarter of the pairs exactly as trained",
      zh="哪一种让最快的四分之一对与训练时完全相同")
claim("extension", "linear, NTK-aware and YaRN all divide the slowest pair by exactly s: none "
      "moves it further",
      abs(th[-1] / (th[-1] / s) - s) < 1e-12 and abs(th[-1] / ntk[-1] - s) < 1e-12
      and abs(th[-1] / yarn[-1] - s) < 1e-12,
      f"θ_63/θ'_63: linear {s}, NTK {th[-1] / ntk[-1]:.12f}, YaRN {th[-1] / yarn[-1]:.12f}",
      en="Does any of them move the slowest pair further than the others?",
      zh="有没有哪一种把最慢的一对移得比其他方法更远？")
claim("extension", "DeepSeek-V3: softmax scale × (0.1·ln 40 + 1)² = 1.8739",
      f"{(0.1 * math.log(40) + 1) ** 2:.4f}" == "1.8739", f"{(0.1 * math.log(40) + 1) ** 2:.6f}",
      placeholder="extension.deepseek-softmax-40")
right_of_line = set(np.nonzero(4096 * th / (2 * np.pi) < 1)[0])
fope = set(np.nonzero(th < 2 * np.pi / 4096)[0])
claim("extension", "the critical dimension and FoPE's cut-off split the ladder at the same place, λ = L₀",
      right_of_line == fope, f"L₀ = 4 096: both select pairs {min(fope)}…{max(fope)}",
      en="Both rules cut the ladder at the line λ = L₀", zh="两条规则都在 λ = L₀ 这条线上切开频率阶梯")

# ---------------------------------------------------------------------------------------------
# precision


def bf16(x):
    """Round float32 values to bfloat16 (round to nearest even on the upper 16 bits)."""
    u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    sixteen = np.uint64(16)
    r = ((u + np.uint64(0x7FFF) + ((u >> sixteen) & np.uint64(1))) >> sixteen) << sixteen
    return r.astype(np.uint32).view(np.float32)


f32_spacing = float(np.spacing(np.float32(1e6)))
bf16_spacing = 2.0 ** (math.floor(math.log2(1e6)) - 7)
claim("precision", "spacing at 10⁶: float32 0.0625, bfloat16 4096",
      f32_spacing == 0.0625 and bf16_spacing == 4096.0 and float(bf16(1e6 + 4096)) - float(bf16(1e6)) == 4096.0,
      f"np.spacing(float32(1e6)) = {f32_spacing}; bfloat16 2^(19−7) = {bf16_spacing}",
      placeholder="precision.float32-spacing-1e6")
claim("precision", "bfloat16 cannot tell 15 962 from 15 936",
      float(bf16(15962.0)) == 15936.0 and float(bf16(15936.0)) == 15936.0,
      f"bf16(15 962) = {float(bf16(15962.0))}", en="cannot tell 15 962 from 15 936",
      zh="分不清 15 962 与 15 936")
m20 = 2 ** 20
th_ld = np.power(np.longdouble(1e4), -2 * np.arange(64, dtype=np.longdouble) / np.longdouble(128))
exact = np.longdouble(m20) * th_ld
prod32 = (np.float32(m20) * th_ld.astype(np.float32)).astype(np.longdouble)
err32 = np.abs(prod32 - exact)
claim("precision", "float32 table at m = 2²⁰: the angle is off by up to 0.031 rad (so 10⁻² in "
      "the Predict)", rounded(float(err32.max()), 2) == "0.031",
      f"max_i |fl32(fl32(m)·fl32(θᵢ)) − mθᵢ| = {float(err32.max()):.6f} at pair {int(err32.argmax())}",
      placeholder="precision.float32-angle-error-2p20")
sigma = np.float32(np.power(np.float32(1e4), np.float32(-2.0 / 128)))
acc = np.empty(64, dtype=np.float32)
t = np.float32(m20)
for i in range(64):
    acc[i] = t
    t = np.float32(t * sigma)
acc_err = np.abs(acc.astype(np.longdouble) - exact)
claim("precision", "ggml's repeated float32 product at m = 2²⁰, b = 10⁴, r = 128: about 0.092 rad; "
      "pair 0 exact", rounded(float(acc_err.max()), 2) == "0.092" and acc_err[0] == 0,
      f"worst pair {int(acc_err.argmax())}: {float(acc_err.max()):.6f} rad",
      placeholder="precision.accumulated-error-2p20")
sig2 = np.float32(np.power(np.float32(65536), np.float32(-2.0 / 32)))
acc2, t2 = [], np.float32(m20)
for i in range(16):
    acc2.append(t2)
    t2 = np.float32(t2 * sig2)
exact2 = np.longdouble(m20) * np.power(np.longdouble(65536), -2 * np.arange(16, dtype=np.longdouble) / 32)
claim("precision", "b = 65 536, r = 32: σ = 1/2 is a power of two and every pair is exact",
      sig2 == np.float32(0.5) and np.all(np.array(acc2, dtype=np.longdouble) == exact2),
      f"σ = {sig2}", en="set b = 65 536 and d = 32 and watch the error vanish",
      zh="设 b = 65 536、d = 32，看误差消失")
wide = max(abs(float(np.float32(math.cos(mm * th_ld[0]))) - float(np.cos(np.longdouble(mm) * th_ld[0])))
           for mm in (2 ** 20, 10 ** 7, 123457))
claim("precision", "angle in double, only cos/sin rounded to float32: an error of about 2⁻²⁴ "
      "whatever m", wide <= 2.0 ** -24 * 1.01, f"worst |fl32(cos(mθ₀)) − cos(mθ₀)| = {wide:.3g} "
      f"≤ 2⁻²⁴ = {2.0 ** -24:.3g}", en="leaves an error of about 2−p in each entry, whatever m is",
      zh="每个元素的误差约为 2−p，与 m 无关")

# ---------------------------------------------------------------------------------------------
# rope-2d

b1 = np.zeros((3, 3))
b1[0, 1], b1[1, 0] = -1, 1  # rotation in the (e0, e1) plane
b2 = np.zeros((3, 3))
b2[1, 2], b2[2, 1] = -1, 1  # rotation in the (e1, e2) plane, overlapping in e1
comm = b1 @ b2 - b2 @ b1
for xy in (1e-2, 1e-3):
    lhs2 = expm_skew(-xy * b1) @ expm_skew(xy * b2)
    rhs2 = expm_skew(-xy * b1 + xy * b2)
    ratio = np.abs(lhs2 - rhs2).max() / (xy * xy)
claim("rope-2d", "non-commuting generators: exp(−xB₁)exp(yB₂) − exp(−xB₁ + yB₂) ≈ −½xy[B₁, B₂], "
      "so relativity needs B₁B₂ = B₂B₁",
      abs(ratio - 0.5 * np.abs(comm).max()) < 1e-2,
      f"two rotations of overlapping planes in ℝ³, x = y = 10⁻³: |difference|/(xy) = {ratio:.4f}, "
      f"½·max|[B₁, B₂]| = {0.5 * np.abs(comm).max()}",
      en="relativity at every real position requires B1B2 = B2B1",
      zh="必须有 B1B2 = B2B1")
ax1 = np.zeros((4, 4))
ax1[0, 1], ax1[1, 0] = -0.7, 0.7
ax2 = np.zeros((4, 4))
ax2[2, 3], ax2[3, 2] = -0.3, 0.3
pos_a, pos_b = (1.5, -2.25), (4.0, 3.5)
e1 = expm_skew(pos_a[0] * ax1 + pos_a[1] * ax2)
e2 = expm_skew(pos_b[0] * ax1 + pos_b[1] * ax2)
rel = expm_skew((pos_b[0] - pos_a[0]) * ax1 + (pos_b[1] - pos_a[1]) * ax2)
claim("rope-2d", "axial generators act on different coordinates, commute, and give relativity at "
      "real (non-integer) positions", np.abs(e1.T @ e2 - rel).max() < 1e-12,
      f"max|E₁ᵀE₂ − exp(ΔxB₁ + ΔyB₂)| = {np.abs(e1.T @ e2 - rel).max():.2g}",
      en="The generators act on different coordinates, so they commute",
      zh="两个生成元作用在不同的坐标上，因此可交换")
def realify(z):
    """The real 2n × 2n matrix of a complex n × n one (a + bi ↦ [[a, −b], [b, a]]): it keeps
    sums, products and therefore exponentials."""
    n = z.shape[0]
    out = np.zeros((2 * n, 2 * n))
    for r in range(n):
        for c_ in range(n):
            out[2 * r:2 * r + 2, 2 * c_:2 * c_ + 2] = [[z[r, c_].real, -z[r, c_].imag],
                                                      [z[r, c_].imag, z[r, c_].real]]
    return out


# A classic pair (Wermuth 1989): A = diag(0, 2πi), B = [[0, 1], [0, 2πi]] do not commute, yet
# e^A = e^B = e^(A+B) = I because their eigenvalues are multiples of 2πi.
a_c = realify(np.array([[0, 0], [0, 2j * np.pi]]))
b_c = realify(np.array([[0, 1], [0, 2j * np.pi]]))
gap = np.abs(expm_skew(a_c) @ expm_skew(b_c) - expm_skew(a_c + b_c)).max()
claim("rope-2d", "e^A e^B = e^(A+B) can hold for matrices that do not commute (so that identity "
      "alone is only sufficient)", gap < 1e-9 and np.abs(a_c @ b_c - b_c @ a_c).max() > 1,
      f"A = diag(0, 2πi), B = [[0, 1], [0, 2πi]] as real 4 × 4: |e^A e^B − e^(A+B)| = {gap:.2g}, "
      f"max|[A, B]| = {np.abs(a_c @ b_c - b_c @ a_c).max():.2f}",
      en="can hold for some A, B that do not commute", zh="有些不可交换的 A、B 也满足它")

hh, ww = 4, 6
claim("rope-2d", "flattened x·w + y: the last patch of a row is 1 token from the first of the next, "
      "the neighbour below w tokens", ((1 + 1) * ww + 0) - (1 * ww + ww - 1) == 1 and (2 * ww + 3) - (1 * ww + 3) == ww,
      "rows x = 1, 2 of a 4 × 6 grid", en="the neighbour below is w tokens away")

# ---------------------------------------------------------------------------------------------
# mrope


def image_ids(start, t, h, w):
    tt, hh_, ww_ = np.meshgrid(np.arange(t), np.arange(h), np.arange(w), indexing="ij")
    return start + np.stack([tt.ravel(), hh_.ravel(), ww_.ravel()])


ids = image_ids(5, 1, 4, 6)
next_start = int(ids.max()) + 1
claim("mrope", "a 4 × 6 image (24 tokens) advances the following text by 6 positions",
      ids.shape[1] == 24 and next_start - 5 == 6,
      f"ids from 5: t {sorted(set(ids[0]))}, h up to {ids[1].max()}, w up to {ids[2].max()}; next text at {next_start}",
      en="the 24 tokens of a 4 × 6 image span only 6 positions", zh="4 × 6 图像的 24 个词元只跨越 6 个位置")
axis_q2 = [0] * 16 + [1] * 24 + [2] * 24
axis_q3 = [0] * 64
for axis, offset in ((1, 1), (2, 2)):
    for j in range(offset, 3 * 20, 3):
        axis_q3[j] = axis
claim("mrope", "Qwen2-VL [16, 24, 24]: pairs 0–15 t, 16–39 h, 40–63 w; Qwen3-VL [24, 20, 20] "
      "interleaved: t, h, w … for 60 pairs, the last 4 t",
      axis_q3[:60] == [0, 1, 2] * 20 and axis_q3[60:] == [0] * 4 and axis_q2[15:17] == [0, 1]
      and axis_q2[39:41] == [1, 2],
      "transformers' apply_interleaved_mrope: h at 1, 4, …, 58; w at 2, 5, …, 59; the rest t "
      "(rope-cli mrope --preset qwen3-vl-8b prints the same axis_of_pair)",
      en="the last 4 temporal", zh="最后 4 对为时间")

# ---------------------------------------------------------------------------------------------
# kv-cache


def dynamic_theta(d, b, s, L0, length):
    """transformers' dynamic NTK: the base grows once the length passes L₀."""
    if length <= L0:
        return theta(d, b)
    return theta(d, b * ((s * length / L0) - (s - 1)) ** (d / (d - 2)))


d, b, s, L0 = 128, 1e4, 2.0, 4096
th_now, th_cached = dynamic_theta(d, b, s, L0, 8192), dynamic_theta(d, b, s, L0, 4096)


def mismatch(n, gap=64):
    m = n + gap
    return abs(np.cos(m * th_now - n * th_cached).mean() - np.cos(gap * th_now).mean())


claim("kv-cache", "a key cached before the base moved: the error grows with the key's position n, "
      "not with the distance", mismatch(100) < mismatch(1000) < mismatch(4000),
      f"L₀ = 4 096 → L = 8 192, s = 2, m − n = 64: |Δscore| at n = 100 {mismatch(100):.3g}, "
      f"1 000 {mismatch(1000):.3g}, 4 000 {mismatch(4000):.3g}",
      en="Move the key closer to the start (small n): the mismatch shrinks", zh="把键移向开头（n 小）：失配缩小")
claim("kv-cache", "transformers resets inv_freq only when a sequence shorter than L₀ comes back",
      True, "modeling_rope_utils.py, dynamic_rope_update: `if seq_len < self.original_max_seq_len "
      "and self.max_seq_len_cached > self.original_max_seq_len:  # reset`",
      en="resets it when a sequence shorter than L₀ comes back", zh="短于 L₀ 的序列回来时复位")

# ---------------------------------------------------------------------------------------------
# layouts

d = 16
p = list(range(0, d, 2)) + list(range(1, d, 2))
perm = np.eye(d)[p]
th16 = theta(d, 1e4)
r_int = block_rotation(5, th16)
r_half = np.zeros((d, d))
for i, t_ in enumerate(th16):
    c, s_ = math.cos(5 * t_), math.sin(5 * t_)
    r_half[i, i], r_half[i, i + d // 2] = c, -s_
    r_half[i + d // 2, i], r_half[i + d // 2, i + d // 2] = s_, c
claim("layouts", "P R^int Pᵀ = R^half for p = [0, 2, 4, …, 1, 3, 5, …]",
      np.abs(perm @ r_int @ perm.T - r_half).max() < 1e-15, f"d = {d}, m = 5",
      en="p = [0, 2, 4, …, 1, 3, 5, …]", zh="p = [0, 2, 4, …, 1, 3, 5, …]")
rows = np.arange(d)
hf_perm = rows.reshape(d // 2, 2).T.reshape(d)  # view(d/2, 2).transpose(0, 1) of one head's rows
claim("layouts", "transformers' permute() of Meta checkpoints reorders each head's rows by p",
      list(hf_perm) == p, f"{list(hf_perm)}", en="what Hugging Face's conversion of Meta checkpoints does")
qv, kv = rng.standard_normal(d), rng.standard_normal(d)



right = [(block_rotation(mm, th16) @ qv) @ (block_rotation(nn, th16) @ kv) for mm, nn in ((4, 4), (4, 7))]
bug = [(r_half_m @ qv) @ (r_half_n @ kv) for r_half_m, r_half_n in
       ((perm @ block_rotation(4, th16) @ perm.T, perm @ block_rotation(4, th16) @ perm.T),
        (perm @ block_rotation(4, th16) @ perm.T, perm @ block_rotation(7, th16) @ perm.T))]
claim("layouts", "interleaved weights under rotate_half, no permutation: right at n = m, wrong at n − m = 3",
      abs(right[0] - bug[0]) < 1e-12 and abs(right[1] - bug[1]) > 1e-3,
      f"n = m: {right[0]:.6f} vs {bug[0]:.6f}; n − m = 3: {right[1]:.6f} vs {bug[1]:.6f}",
      en="give correct scores at n = m", zh="在 n = m 处（所有旋转相互抵消）分数正确")

# ---------------------------------------------------------------------------------------------
# batch (measured by the kernels themselves, not recomputable in NumPy: the evidence is rope-cli)

claim("batch", "max |reference − SIMD|: 0 for SSE2, about 2⁻²³ for AVX2/AVX-512 (FMA)", True,
      "rope-cli figure --panel batch --set isa=sse2|avx2+fma|avx512f (seq 64/1 024/8 192): 0, "
      "1.19e-07, 1.19e-07 = 2⁻²³ on this machine",
      en="0 for SSE2, about 2−23 for AVX2/AVX-512", zh="SSE2 为 0，AVX2/AVX-512 约为 2−23")

# ---------------------------------------------------------------------------------------------
# weights

x_m, x_n = rng.standard_normal(64), rng.standard_normal(64)
wq2, wk2 = rng.standard_normal((2, 64)), rng.standard_normal((2, 64))
term = (wq2 @ x_m) @ rotation(1.3) @ (wk2 @ x_n)
bound = np.linalg.norm(wq2) * np.linalg.norm(wk2) * np.linalg.norm(x_m) * np.linalg.norm(x_n)
claim("weights", "|q⁽ⁱ⁾ᵀR k⁽ⁱ⁾| ≤ ‖W_q⁽ⁱ⁾‖_F‖W_k⁽ⁱ⁾‖_F‖x_m‖‖x_n‖", abs(term) <= bound,
      f"random rows: {abs(term):.3f} ≤ {bound:.3f}")
claim("weights", "pair i turns once (does not 'repeat') every λᵢ = 2π/θᵢ tokens", True,
      "integer positions never repeat an angle exactly (see derivation)",
      en="pair i turns once every λᵢ = 2π/θᵢ tokens", zh="第 i 对每 λᵢ = 2π/θᵢ 个词元转一圈")

synthetic = ROOT / "resources" / "weights" / "synthetic"
cfg = json.loads((synthetic / "config.json").read_text())
blob = (synthetic / "model.safetensors").read_bytes()
header_len = int.from_bytes(blob[:8], "little")
header = json.loads(blob[8:8 + header_len])


def tensor(name):
    entry = header[name]
    lo, hi = entry["data_offsets"]
    raw = np.frombuffer(blob[8 + header_len + lo:8 + header_len + hi], dtype="<u2")
    return (raw.astype(np.uint32) << 16).view(np.float32).reshape(entry["shape"])


head_dim = cfg.get("head_dim", cfg["hidden_size"] // cfg["num_attention_heads"])
pairs = head_dim // 2


def pair_norms(w, head):
    return np.array([np.linalg.norm(w[[head * head_dim + i, head * head_dim + i + pairs]])
                     for i in range(pairs)])


products = {}
for layer in range(cfg["num_hidden_layers"]):
    wq_ = tensor(f"model.layers.{layer}.self_attn.q_proj.weight")
    wk_ = tensor(f"model.layers.{layer}.self_attn.k_proj.weight")
    group = cfg["num_attention_heads"] // cfg["num_key_value_heads"]
    for h in range(cfg["num_attention_heads"]):
        products[(layer, h)] = pair_norms(wq_, h) * pair_norms(wk_, h // group)
mean = np.mean(list(products.values()), axis=0)
claim("weights", "bundled synthetic model: 6 layers, 4 query heads, 2 key/value heads, R = 32; "
      "norms grow towards the slow pairs",
      (cfg["num_hidden_layers"], cfg["num_attention_heads"], cfg["num_key_value_heads"], head_dim)
      == (6, 4, 2, 32) and mean.argmax() == pairs - 1 and mean[-1] > 3 * mean[2],
      f"mean ‖W_q⁽ⁱ⁾‖‖W_k⁽ⁱ⁾‖ by pair: {[round(float(v), 1) for v in mean]}",
      en="6 layers, 4 query heads, 2 key/value heads, R = 32", zh="6 层，4 个查询头，2 个键/值头，R = 32")
pos_head = [products[(layer, 0)] for layer in (0, 1)]
claim("weights", "the positional head (head 0 of layers 0 and 1): pairs 0 and 1 as large as its "
      "slowest pair (not strictly the largest)",
      all(min(v[0], v[1]) > 0.85 * v[-1] and min(v[0], v[1]) > 2 * np.median(v) for v in pos_head),
      "; ".join(f"layer {layer}: pairs 0, 1, 15 = {v[0]:.1f}, {v[1]:.1f}, {v[-1]:.1f}"
                for layer, v in zip((0, 1), pos_head)),
      en="whose pairs 0 and 1 are as large as its slowest pairs", zh="第 0、1 对与最慢的对一样大")

# ---------------------------------------------------------------------------------------------
# doctor

th31 = theta(128, 5e5)
scaled = llama3_theta(th31, 8.0, 1.0, 4.0, 8192)
deltas = np.arange(0, 20000)
c = agreement(scaled, th31, deltas)
first_099 = int(np.argmax(c < 0.99))
band = c[4000:20000]
claim("doctor", "Llama 3.1 without its scaling: above 0.99 for a few hundred tokens, then about "
      "0.5–0.8 over 4–20 k tokens",
      300 <= first_099 < 1000 and np.all((band > 0.5) & (band < 0.8)),
      f"first Δ with c < 0.99: {first_099}; c over Δ = 4 000 … 19 999 in "
      f"[{band.min():.3f}, {band.max():.3f}] (the panel's 128 random pairs, rope-cli compare "
      "llama-3.1-8b <same without rope_scaling>: 462, and 0.50 … 0.80)",
      en="stays above 0.99 for a few hundred",
      zh="只在前几百个词元内高于 0.99，之后起伏下降，在 4 k 到 20 k 个词元处约为 0.5–0.8")
claim("doctor", "Llama 3.1's scaling: ÷8 above 8 192 tokens of wavelength, blended 2 048–8 192, "
      "faster pairs kept",
      np.all(scaled[2 * np.pi / th31 < 2048] == th31[2 * np.pi / th31 < 2048])
      and np.allclose(scaled[2 * np.pi / th31 > 8192], th31[2 * np.pi / th31 > 8192] / 8),
      f"{int(np.sum(scaled == th31))} pairs kept, {int(np.sum(np.isclose(scaled, th31 / 8)))} ÷ 8",
      en="divides by 8 the pairs whose wavelength exceeds 8 192 tokens",
      zh="把波长超过 8 192 个词元的频率对除以 8")
c1 = agreement(8 * scaled, scaled, np.array([1]))[0]
claim("doctor", "--rope-freq-scale 8 on Llama 3.1 multiplies every θ by 8: c(1) ≈ 0.81",
      abs(c1 - 0.81) < 0.005, f"c(1) = {c1:.4f}", en="on Llama 3.1: c(1) ≈ 0.81", zh="c(1) ≈ 0.81")
wrong_base = theta(128, 1e4)
claim("doctor", "a wrong base moves every pair but pair 0",
      wrong_base[0] == th31[0] and np.all(wrong_base[1:] != th31[1:]), "θ₀ = 1 for any base",
      en="a wrong base every pair but pair 0", zh="底数不对会改变除第 0 对以外的每一对")
gem_th = theta(256, 1e6)
cg = agreement(gem_th / 8, gem_th, np.array([1, 10]))
claim("doctor", "a linear factor declared but not applied (Gemma 3 4B's global layers, ×8) "
      "changes every pair and shows at short range",
      cg[1] < 0.9, f"b = 10⁶, d = 256: c(1) = {cg[0]:.3f}, c(10) = {cg[1]:.3f}",
      en="A linear factor not applied", zh="线性缩放没有生效")
claim("doctor", "Llama 3 or YaRN scaling declared but not applied changes only the slow pairs",
      np.all(scaled[:20] == th31[:20]) and np.all(yarn_theta(128, 1e6, 4.0, 32768)[:10] == theta(128, 1e6)[:10]),
      "the fastest pairs keep θ under both rules",
      en="Llama 3 or YaRN scaling that is declared but not applied changes only the slow pairs",
      zh="声明了 Llama 3 或 YaRN 缩放却没有生效时")
qwen = theta(128, 1e6)
cy = agreement(yarn_theta(128, 1e6, 4.0, 32768), qwen, deltas)
cl = agreement(qwen / 4, qwen, deltas)
claim("doctor", "Qwen2.5 + YaRN ×4 stays at 1 far longer than a linear ×4 would",
      int(np.argmax(cy < 0.99)) > 10 * int(np.argmax(cl < 0.99)),
      f"first Δ with c < 0.99: YaRN {int(np.argmax(cy < 0.99))}, linear {int(np.argmax(cl < 0.99))}",
      en="the curve stays at 1 far longer than a linear scaling would")

# ---------------------------------------------------------------------------------------------

print(f"\n{_count - len(_failures)} of {_count} claims OK")
if _failures:
    print("FAILED:")
    for f in _failures:
        print("  " + f)
    sys.exit(1)
