// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/figures/figure_registry.h"

#include <qcustomplot.h>

namespace rope::ui {

// One declaration + one row per panel; the functions live in ui/figures/<id>_figure.cpp.
FigureData heatmapFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeHeatmapControls(FigurePanel&, ExplorerState&);
FigureData rotationFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeRotationControls(FigurePanel&, ExplorerState&);
FigureData extensionFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeExtensionControls(FigurePanel&, ExplorerState&);
FigureData identityFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeIdentityControls(FigurePanel&, ExplorerState&);
FigureData decayFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeDecayControls(FigurePanel&, ExplorerState&);
FigureData baseBoundFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeBaseBoundControls(FigurePanel&, ExplorerState&);
FigureData layoutsFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeLayoutsControls(FigurePanel&, ExplorerState&);
FigureData rope2dFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeRope2dControls(FigurePanel&, ExplorerState&);
FigureData absoluteFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeAbsoluteControls(FigurePanel&, ExplorerState&);
FigureData attentionFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeAttentionControls(FigurePanel&, ExplorerState&);
FigureData precisionFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makePrecisionControls(FigurePanel&, ExplorerState&);
FigureData batchFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeBatchControls(FigurePanel&, ExplorerState&);

namespace {

const char* const kHeatmapLesson = R"(
<h3>Every pair, every position</h3>
<p>Column <i>i</i> is one rotary pair, row <i>m</i> one position. The colour is
cos(<i>m</i>θ<sub>i</sub>) with θ<sub>i</sub> = <i>b</i><sup>−2i/d</sup>: red where the pair points
along its first axis, blue where it points the other way, white halfway.</p>
<p>Left columns turn fast (θ<sub>0</sub> = 1 rad per token, a full turn every 6.3 tokens); each
column to the right turns <i>b</i><sup>2/d</sup> times slower. The slowest pair needs
2π·<i>b</i><sup>(d−2)/d</sup> tokens for one turn — about 54,000 for <i>b</i> = 10,000,
<i>d</i> = 128.</p>
<p><b>What a pixel is.</b> The image is computed at screen resolution: each pixel row stands for
the run of consecutive positions shown below the plot, and shows the <i>mean</i> of cos over
that run (closed form, sin(Nθ/2)/(N sin(θ/2))·cos(centre·θ)). Fast pairs that turn many times
inside one row therefore fade to white instead of producing false stripes (moiré). Zoom in
(mouse wheel) until a row is one position to see them oscillate.</p>
<p><b>Try:</b> raise <i>b</i> and watch the slow, smooth region spread left; switch on
<i>Periods</i> to see where each column completes its first turn; pick a scaling method and
see which columns it slows down.</p>
)";

const char* const kRotationLesson = R"(
<h3>One pair, one plane</h3>
<p>RoPE cuts a head vector into <i>d</i>/2 pairs and rotates pair <i>i</i> of a token at
position <i>m</i> by the angle <i>m</i>θ<sub>i</sub>. Here the pair of <b>q</b> (blue) is turned
by <i>m</i>θ<sub>i</sub>, the pair of <b>k</b> (orange) by <i>n</i>θ<sub>i</sub>.</p>
<p>Rotations compose and are orthogonal, so
(<i>R<sub>m</sub></i>q)<sup>T</sup>(<i>R<sub>n</sub></i>k) =
q<sup>T</sup><i>R</i><sub>n−m</sub>k: the score depends only on the offset <i>n</i> − <i>m</i>.
Press <b>Play</b> with “move m and n together”: both arrows spin, yet the angle between them
and the score (readouts below the plot) stay fixed.</p>
<p>The small clocks on the right are all pairs at position <i>m</i>, fastest first (pair index = row label + column offset; the chosen pair’s hand is orange; above 64 pairs every few pairs get a clock). Pair 0
turns one radian per token; the last pairs barely move over thousands of tokens — these slow
hands are what lets attention tell far-apart positions apart.</p>
<p><b>Try:</b> “move m” alone and watch the score oscillate; pick a slow pair (large
<i>i</i>) and see how little it moves.</p>
)";

const char* const kExtensionLesson = R"(
<h3>Stretching the slow pairs</h3>
<p>Each point is one pair's wavelength λ<sub>i</sub> = 2π/θ<sub>i</sub>: how many tokens the pair
needs for one full turn. Blue is original RoPE, orange the method chosen under <i>Scaling</i>.
The green line is the context L₀ the model was trained on, the pink one the context L you ask
for.</p>
<p>Pairs whose wavelength is longer than L₀ never completed a turn in training: at positions
beyond L₀ they reach angles the model has never seen. Context extension lengthens exactly
those wavelengths:</p>
<ul>
<li><b>Linear</b> (position interpolation): θ'<sub>i</sub> = θ<sub>i</sub>/s, every wavelength
times s — the fast pairs lose resolution too.</li>
<li><b>NTK-aware</b>: a new base b' = b·s<sup>d/(d−2)</sup>: the fastest pair is kept, the
slowest is divided by s.</li>
<li><b>YaRN</b> and <b>Llama 3.1</b>: keep the fast pairs, divide the slow ones by s, and blend
in between (YaRN by turns over L₀, Llama 3 by wavelength).</li>
</ul>
<p>The markers colour each pair by what the method did to it, read off θ'<sub>i</sub>/θ<sub>i</sub>:
<b>kept</b> (ratio 1: positions beyond L₀ are extrapolated on that pair), <b>interpolated</b>
(ratio 1/s) or <b>blended</b> (anything else).</p>
<p>The <i>heatmap</i> view puts cos(mθ<sub>i</sub>) over the context before (left) and after
(right) side by side; the <i>decay</i> view overlays the mean cosine (2/d)Σcos(mθ<sub>i</sub>)
of both, with its per-pixel min–max band.</p>
<p><b>Try:</b> set s = 8 and compare how each method moves the curve across the L₀ line;
YaRN also scales attention (the readout below the plot).</p>
)";

const char* const kIdentityLesson = R"(
<h3>Identities, checked in floating point</h3>
<p>RoPE works because its rotation matrices obey three identities:</p>
<ul>
<li><b>relativity</b> R<sub>m</sub><sup>T</sup>R<sub>n</sub> = R<sub>n−m</sub> — the score
q<sup>T</sup>R<sub>m</sub><sup>T</sup>R<sub>n</sub>k depends only on n − m;</li>
<li><b>composition</b> R<sub>m</sub>R<sub>n</sub> = R<sub>m+n</sub> — turning by m then n is
turning by m + n;</li>
<li><b>orthogonality</b> R<sub>m</sub><sup>T</sup>R<sub>m</sub> = I — lengths never change.</li>
</ul>
<p>The first view draws R<sub>m</sub><sup>T</sup>R<sub>n</sub> (left) and R<sub>n−m</sub>
(right) side by side: the two images are the same although one is built from m and n and the
other from n − m alone. The <i>complex</i> view shows one pair as the complex number
q<sub>i</sub>: rotating by m is multiplying by e<sup>imθ<sub>i</sub></sup>, so the points
q<sub>i</sub>e<sup>itθ<sub>i</sub></sup> for t = 0 … max(m, n) lie on a circle, and the pair's
score Re[(q<sub>i</sub>e<sup>imθ<sub>i</sub></sup>)<sup>*</sup>k<sub>i</sub>e<sup>inθ<sub>i</sub></sup>]
= Re[q<sub>i</sub><sup>*</sup>k<sub>i</sub>e<sup>i(n−m)θ<sub>i</sub></sup>] only sees n − m.</p>
<p>The <i>residual</i> view is the absolute value of every entry of the difference, computed in
double precision on the d × d matrices. Only the 2 × 2 blocks on the diagonal are non-zero: each
pair rotates in its own plane. The residuals are rounding errors: angles m·θ carry an error
of about m·θ·2<sup>−53</sup>, so the residual grows with the positions.</p>
<p><b>Try:</b> set m and n to 10<sup>6</sup> and watch the relativity residual grow from
~10<sup>−16</sup> towards 10<sup>−10</sup>; switch the layout-independent identities and
compare.</p>
)";

const char* const kDecayLesson = R"(
<h3>Long-term decay</h3>
<p>How much does rotation alone weaken attention between tokens m apart? Each pair contributes
cos(mθ<sub>i</sub>); their average</p>
<p align="center">c̄(m) = (2/d)·Σ<sub>i</sub> cos(mθ<sub>i</sub>)</p>
<p>starts at 1 and sinks as the fast pairs fall out of step. For random q with a key
k̃ = q + σε similar to it, the expected score is E[q<sup>T</sup>R<sub>m</sub>k̃] =
2·Σ<sub>i</sub> cos(mθ<sub>i</sub>) = d·c̄(m), while an unrelated key scores 0 on average: c̄(m)
is the advantage similarity keeps at distance m (Su 2024; Xu et al. 2024).</p>
<p>RoFormer's <b>upper bound</b> is another view: by summation by parts,
|q<sup>T</sup>R<sub>m</sub>k| ≤ max|h<sub>i+1</sub> − h<sub>i</sub>|·Σ<sub>j</sub>|S<sub>j</sub>(m)|
with S<sub>j</sub> the partial sums of e<sup>imθ</sup>; the m-dependent factor decays with
ripples.</p>
<p>Several bases are drawn at once (the current one and the list under <i>Also bases</i>),
each with a dot where c̄ first turns negative — found by checking every integer distance.
c̄ wiggles every few tokens (the fastest pair turns once per 2π ≈ 6 tokens), so plotting one
sample per pixel would alias it into fake noise. Instead each pixel column shows the
<b>band</b> from the minimum to the maximum over <i>all</i> distances in that column (the two
thin, pale lines), with the column mean as the solid line. <i>Log distance axis</i> shows m = 1 … L−1 on a logarithmic scale,
with columns that widen geometrically and still cover every distance.</p>
<p><b>Try:</b> raise b and watch the decay slow down; choose a scaling method to compare its
curve with the original.</p>
)";

const char* const kBaseBoundLesson = R"(
<h3>How long a context can a base serve?</h3>
<p>The cosine sum f(m) = Σ<sub>i</sub> cos(mθ<sub>i</sub>) is, up to a factor, the score
advantage of a similar key over a random one at distance m. Xu et al. (2024) and Su (2024) ask
that it never turns negative inside the context: f(m) ≥ 0 for every m = 0 … L−1.</p>
<p>The first view plots the smallest such base b*(L, d) against L (log–log) for d = 64, 128
and 256, next to released models' (L, b): Llama 2 (4096, 10<sup>4</sup>), Llama 3.1
(8192 → 131072 at 5·10<sup>5</sup>), CodeLlama (16384, 10<sup>6</sup>) and Qwen2.5 (32768,
10<sup>6</sup>). A model right of its d = 128 curve uses a base below the bound. The orange dot
is the current (b, d) at the largest L it serves. The lines are seed note 000's rules of thumb
as functions of b: L = π/(2θ<sub>min</sub>) and L = 2π/θ<sub>min</sub>. One b* search takes
up to seconds, so the curves stop at L = 2<sup>16</sup> unless you tick <i>Extend to 1M</i>
(about 25 s once; every result is kept for the session). b*(L) is not smooth: for L ≳ 10<sup>5</sup> the feasible
bases form a dust of narrow islands, and Su's published values at 128k–512k sit on islands
below the first feasible point of our search grid, so the curve can lie above them
(docs/base-bound.md).</p>
<p>The Σcos view draws f(m) itself as a per-pixel min–max band over every distance. The orange line marks the first distance where f dips below zero — found by checking
<i>every</i> integer m &lt; L, not just the plotted points. Beyond it the base is too small
for this context. Two rules of thumb are drawn when they fall inside the plot: the
<b>quarter turn</b> π/(2θ<sub>min</sub>), up to which even the slowest pair has a positive
cosine, and the <b>slowest period</b> 2π/θ<sub>min</sub>, after which it repeats.</p>
<p>Tick <i>Compute b*</i> to search the smallest base whose f stays ≥ 0 on the whole
context (d = 128: about 6·10<sup>5</sup> for L = 32768). b* grows faster than L itself.
Feasible bases do not form an interval, so the search scans a logarithmic grid before
bisecting.</p>
<p><b>Try:</b> set L = 32768 and lower b until the orange line enters the context; compare
with b*.</p>
)";

const char* const kLayoutsLesson = R"(
<h3>Two ways to pair coordinates</h3>
<p>RoPE turns a head vector in pairs, but the code in the wild disagrees on <i>which</i>
coordinates form a pair. RoFormer, GPT-J and Meta's original LLaMA (which views the head as
<i>d</i>/2 complex numbers) use <b>interleaved</b> pairs (x<sub>2i</sub>, x<sub>2i+1</sub>).
GPT-NeoX and Hugging Face's <code>rotate_half</code> use <b>half</b> pairs
(x<sub>i</sub>, x<sub>i+d/2</sub>): the vector is cut into two halves and
rotate_half(x) = (−x<sub>d/2…d−1</sub>, x<sub>0…d/2−1</sub>).</p>
<p>The top row shows the interleaved pairs, the bottom row the half pairs, in the same colour
for pair <i>i</i>. The black lines are the permutation p = [0, 2, 4, …, 1, 3, 5, …]: the half
layout's coordinate j is the interleaved coordinate p<sub>j</sub>.</p>
<p><b>Same model, other layout.</b> Scores only see q<sup>T</sup>R k. Permuting the rows of
W<sub>q</sub> and W<sub>k</sub> by p inside every head (Hugging Face's <code>permute</code> when
it converts Meta checkpoints) gives Pq, Pk, and PR<sup>int</sup>P<sup>T</sup> = R<sup>half</sup>,
so every score is unchanged — the first readout is that difference, zero up to rounding.</p>
<p><b>The classic bug</b> (view <i>scores</i>): load interleaved weights and apply rotate_half
without the permutation. At n = m every rotation cancels and the score is right; as soon as
n − m ≠ 0 the wrong coordinates are turned together and the score drifts away.</p>
<p><b>Try:</b> the rotation-matrix view in both layouts (2×2 blocks on the diagonal versus two
diagonals d/2 apart); raise <i>d</i>; zoom the scores view to n − m ≤ 4.</p>
)";

const char* const kRope2dLesson = R"(
<h3>RoPE on an image grid</h3>
<p>A vision transformer cuts an image into an h×w grid of patches. <b>Axial 2D RoPE</b> splits
the head into two halves: the first is rotated by the row x exactly like 1D RoPE, the second by
the column y, with θ<sub>j</sub> = b<sup>−4j/d</sup>. In one matrix,
R<sub>x,y</sub> = exp(xB<sub>1</sub> + yB<sub>2</sub>), where B<sub>1</sub> and B<sub>2</sub>
are skew-symmetric generators acting on different coordinates.</p>
<p>The map shows the score ⟨R<sub>query</sub>q, R<sub>key</sub>k⟩ for every key patch. Since
R<sub>x₁,y₁</sub><sup>T</sup>R<sub>x₂,y₂</sub> = R<sub>x₂−x₁,y₂−y₁</sub> (the first readout),
the pattern only depends on the displacement: moving the query moves the pattern rigidly.
The position can be read back from R: each pair's angle atan2 gives xθ<sub>j</sub> modulo 2π;
the slowest pair fixes the rough value and each faster pair refines it (phase unwrapping), as
long as |x| &lt; π/θ<sub>min</sub> patches — beyond that, coordinates come back as aliases.</p>
<p><b>Flattened 1D RoPE</b> numbers the patches x·w + y. The neighbour below is then w tokens
away, the one to the right 1 — and the last patch of a row is “1 token” from the first of the
next row, across the whole image: compare the two row-wrap gaps.</p>
<p><b>Why the generators must commute.</b> exp(A)<sup>T</sup>exp(B) = exp(B − A) needs
[B<sub>1</sub>, B<sub>2</sub>] = 0. The generators view keeps the first position at the query
patch, moves the second one by t along x and plots the relativity residual
max|E<sub>1</sub><sup>T</sup>E<sub>2</sub> − exp(ΔxB<sub>1</sub> + ΔyB<sub>2</sub>)|: flat zero
(rounding) for RoPE's generators, of order one for two rotations of overlapping planes in ℝ³.
(Moving along the query's own direction would hide the effect: multiples of one matrix always
commute.)</p>
<p><b>Try:</b> click a patch to make it the query; use random q, k; set h = 1 to get 1D RoPE back.</p>
)";

const char* const kAbsoluteLesson = R"(
<h3>Before RoPE: absolute encodings</h3>
<p>An absolute encoding adds a vector PE(p) to the token embedding at position p. The panel
follows the classic progression:</p>
<ul>
<li><b>Integer</b>: PE(p) = p in every dimension — unique, but unbounded: at p = 1000 it drowns
the embedding.</li>
<li><b>Normalised integer</b>: p/N — bounded, but the code of a position changes with the
sequence length N, and neighbours get closer as N grows.</li>
<li><b>Binary</b>: the bits of p — bounded and unique, but jumpy: the distance between
neighbours depends on how many bits flip.</li>
<li><b>Sinusoidal</b> (Vaswani et al. 2017): PE(p)<sub>2i</sub> = sin(pω<sub>i</sub>),
PE(p)<sub>2i+1</sub> = cos(pω<sub>i</sub>), ω<sub>i</sub> = b<sup>−2i/d</sup> — smooth bits:
fast dimensions on the left, slow ones on the right.</li>
</ul>
<p><b>Linear shift.</b> For sinusoids the angle-sum formulas give PE(p+k) = W<sub>k</sub>PE(p)
with a block-rotation W<sub>k</sub> that does not depend on p. The readouts fit the best
W<sub>1</sub> by least squares for every scheme: the residual is ≈ 0 only for sinusoidal.
RoPE takes this one step further and applies the rotation to q and k themselves.</p>
<p><b>Checklist</b> (view): each property is measured, not asserted — duplicate rows (unique),
the spread of ‖PE(p+k) − PE(p)‖ over p (consistent distances), max|PE| over 2P versus P
(bounded), the W<sub>1</sub> residual, positions P…2P−1 staying inside the range seen on
0…P−1, and whether PE(p) changes when the sequence doubles.</p>
<p><b>Decaying.</b> The position part of an attention score between tokens k apart is
⟨PE(p), PE(p+k)⟩. The panel averages it over the same start positions p = 0…P−K−1 for every
k = 1…K (K = min(16, P/2)) and fits a straight line in k: the encoding counts as
<i>decaying</i> when the slope is negative (below −10<sup>−9</sup>·max|s(k)|), i.e. far tokens
look less alike than near ones on average. Sinusoidal passes: ⟨PE(p), PE(p+k)⟩ =
Σ<sub>i</sub> cos(kω<sub>i</sub>) for every p, which falls as the fast pairs dephase. Integer
fails the other way round: ⟨p·1, (p+k)·1⟩ = d·p(p+k) grows with k (so does p/N). Binary fails
at the default P = 64 (barely: other P can tip it): p and p+2<sup>j</sup> share their low bits, so the similarity jumps up at every power of
two instead of falling.</p>
<p><b>Try:</b> the curves view for binary versus sinusoidal; raise P and watch integer's
colour scale explode.</p>
)";

const char* const kAttentionLesson = R"(
<h3>Why attention needs positions</h3>
<p>One toy head (d = 8, seeded random embeddings and W<sub>q</sub>, W<sub>k</sub>,
W<sub>v</sub>) reads “the dog chased another dog”. The map is the score matrix
S = QK<sup>T</sup>/√d (or its row-wise softmax): row = query token, column = key token.</p>
<p><b>No encoding:</b> attention is permutation-equivariant. Both “dog”s have the same
embedding, hence identical rows, columns and outputs — the first readout is exactly 0. The
model cannot tell which dog chased.</p>
<p><b>Sinusoidal PE</b> is added to the embeddings: the two dogs now differ, but the score of
two tokens depends on their absolute positions.</p>
<p><b>RoPE</b> rotates q<sub>m</sub> by mθ and k<sub>n</sub> by nθ, so
q<sub>m</sub><sup>T</sup>k<sub>n</sub> = q<sup>T</sup>R<sub>n−m</sub>k. For one token repeated
16 times, the score matrix is then Toeplitz (constant along each diagonal): the Toeplitz
readout is ≈ 0 for RoPE (and trivially for no encoding, where every entry is equal) and
clearly not for sinusoidal PE.</p>
<p><b>Attention factor.</b> Context-extension methods such as YaRN multiply q and k by a
factor a (0.1·ln s + 1), i.e. every score by a² — an inverse softmax temperature. By default the
panel uses the factor of the method chosen under <i>Scaling</i>; tick the box to override it.</p>
<p><b>Try:</b> switch to the weights view and raise a: the softmax sharpens towards one key.</p>
)";

const char* const kPrecisionLesson = R"(
<h3>RoPE in low precision</h3>
<p>Training and inference run in float32, bfloat16 or float16, with 24, 8 and 11 significant
bits. The angle mθ<sub>i</sub> grows without bound while a format's spacing grows with the
number: at m = 10⁶ the spacing of float32 is 0.0625, of bfloat16 4096.</p>
<p><b>Two ways to build the table</b> (the <i>path</i> control):</p>
<ul>
<li><b>mθ in low precision</b>: m, θ<sub>i</sub> and their product are rounded to the format,
then cos/sin. The angle error grows like m·2<sup>−p</sup> and soon reaches π: the rotation is
noise.</li>
<li><b>double, then cast</b>: mθ<sub>i</sub> and cos/sin in double (or float32), only the finished
cos/sin rounded. The angle is exact; cos/sin carry a bounded error of about 2<sup>−p</sup>.
Hugging Face computes the table in float32 for this reason.</li>
</ul>
<p>Both axes are logarithmic (positions 1 … 10⁷ tokens); points with an error of exactly 0 are not
drawn, nor float16 positions beyond 65504 (they overflow to infinity).</p>
<p><b>Aliasing.</b> A position itself must be representable: bfloat16 stores 15962 as 15936,
together with every integer from 15905 to 15967 — 63 positions the model cannot tell apart.
The readouts show this class for the probe position in each format.</p>
<p><b>Try:</b> probe m = 15962; switch the path; pick the slowest pair and see that its angle
error is small even where the fastest one is lost.</p>
)";

const char* const kBatchLesson = R"(
<h3>RoPE at memory speed: the batch kernel</h3>
<p>A model applies RoPE to every query and key head of every token: tensors
Q[s][h][d] and K[s][h<sub>kv</sub>][d] in float32. Per pair (x<sub>a</sub>, x<sub>b</sub>) the
kernel reads c = cos(tθ<sub>i</sub>) and s = sin(tθ<sub>i</sub>) from a table built once,
then writes x<sub>a</sub>' = x<sub>a</sub>c − x<sub>b</sub>s and x<sub>b</sub>' = x<sub>b</sub>c +
x<sub>a</sub>s: four multiplications and two additions for eight bytes read and eight written.
So little arithmetic per byte means the speed is set by memory, not by the multiplier.</p>
<p>The panel rotates one seeded tensor with the scalar <b>reference</b> loop (the
specification) and with each <b>SIMD</b> instruction set this CPU has. The readout
max |reference − SIMD| is their agreement: 0 for SSE2 (same operations, same rounding), a few
units of 2<sup>−23</sup> for AVX2/AVX-512, which fuse a multiply and an add (FMA).</p>
<p><b>Layout matters.</b> In the <i>half</i> layout x<sub>a</sub> and x<sub>b</sub> sit d/2
apart, so eight consecutive x<sub>a</sub> and the eight matching x<sub>b</sub> are two plain
vector loads, and c, s are loaded as they are stored. In the <i>interleaved</i> layout a vector
holds (x<sub>0</sub>, x<sub>1</sub>, x<sub>2</sub>, x<sub>3</sub>, …): the kernel must swap the
neighbours of each pair and duplicate every c and s across two lanes, shuffles that cost
instructions the half layout does not need.</p>
<p><b>Why in-place RoPE can beat memcpy.</b> The bar heights count the same bytes (Q and K read
and written). memcpy writes to a <i>separate</i> destination: before the CPU can write a cache
line it first reads it (write-allocate), so a copy of N bytes moves about 3N over the memory
bus (unless it switches to non-temporal stores, as glibc does for copies larger than the
caches). RoPE writes back into the lines it has just read: N in, N out.</p>
<p><b>Why the reference stops being compute-bound.</b> While Q and K fit in the caches (a few
MiB), the scalar loop is limited by its instruction count and SIMD wins by several times.
Beyond the last-level cache both wait for DRAM, and the bars converge towards the memcpy
line: raise seq × heads and watch the speed-up shrink.</p>
<p><b>Timings are measurements</b> (median of the runs, wall clock): they vary from run to run
and with what else the machine does; only the agreement and the byte count are exact. For
careful numbers use the command line, e.g. <code>rope-cli bench --seq 4096 --heads 32
--layout half --backend simd</code>, <code>--backend reference</code>, <code>--copy</code>
(docs/PERFORMANCE.md).</p>
<p><b>Try:</b> switch the layout; raise seq to 8192 and heads to 64; pick SSE2 and see the
difference drop to exactly 0.</p>
)";

} // namespace

const std::vector<Figure>& allFigures() {
    static const std::vector<Figure> figures = {
        {.id = "heatmap",
         .title = "Phase heatmap",
         .compute = &heatmapFigure,
         .lesson = kHeatmapLesson,
         .makeControls = &makeHeatmapControls},
        {.id = "rotation",
         .title = "Rotation of a pair",
         .compute = &rotationFigure,
         .lesson = kRotationLesson,
         .makeControls = &makeRotationControls},
        {.id = "extension",
         .title = "Context extension",
         .compute = &extensionFigure,
         .lesson = kExtensionLesson,
         .makeControls = &makeExtensionControls},
        {.id = "identity",
         .title = "Identities",
         .compute = &identityFigure,
         .lesson = kIdentityLesson,
         .makeControls = &makeIdentityControls},
        {.id = "decay",
         .title = "Long-term decay",
         .compute = &decayFigure,
         .lesson = kDecayLesson,
         .makeControls = &makeDecayControls},
        {.id = "base-bound",
         .title = "Base bound",
         .compute = &baseBoundFigure,
         .lesson = kBaseBoundLesson,
         .makeControls = &makeBaseBoundControls},
        {.id = "layouts",
         .title = "Pair layouts",
         .compute = &layoutsFigure,
         .lesson = kLayoutsLesson,
         .makeControls = &makeLayoutsControls},
        {.id = "rope-2d",
         .title = "2D RoPE",
         .compute = &rope2dFigure,
         .lesson = kRope2dLesson,
         .makeControls = &makeRope2dControls},
        {.id = "absolute",
         .title = "Absolute encodings",
         .compute = &absoluteFigure,
         .lesson = kAbsoluteLesson,
         .makeControls = &makeAbsoluteControls},
        {.id = "attention",
         .title = "Toy attention",
         .compute = &attentionFigure,
         .lesson = kAttentionLesson,
         .makeControls = &makeAttentionControls},
        {.id = "precision",
         .title = "Precision lab",
         .compute = &precisionFigure,
         .lesson = kPrecisionLesson,
         .makeControls = &makePrecisionControls},
        {.id = "batch",
         .title = "SIMD batch",
         .compute = &batchFigure,
         .lesson = kBatchLesson,
         .makeControls = &makeBatchControls},
    };
    return figures;
}

const Figure* findFigure(std::string_view id) noexcept {
    for (const Figure& f : allFigures()) {
        if (f.id == id) {
            return &f;
        }
    }
    return nullptr;
}

FigureData render(QCustomPlot& plot, const Figure& figure, const rope::RopeParams& params,
                  const FigureOptions& options) {
    FigureData data = figure.compute(params, withPlotSize(plot, options));
    drawFigure(plot, data);
    return data;
}

} // namespace rope::ui
