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
FigureData identityFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeIdentityControls(FigurePanel&, ExplorerState&);
FigureData decayFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeDecayControls(FigurePanel&, ExplorerState&);
FigureData baseBoundFigure(const rope::RopeParams&, const FigureOptions&);
QWidget* makeBaseBoundControls(FigurePanel&, ExplorerState&);

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
the run of consecutive positions shown in the corner, and shows the <i>mean</i> of cos over
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
and the score in the corner stay fixed.</p>
<p>The small clocks on the right are all pairs at position <i>m</i>, fastest first. Pair 0
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
<p><b>Try:</b> set s = 8 and compare how each method moves the curve across the L₀ line;
YaRN also scales attention (the corner readout).</p>
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
<p>The image is the absolute value of every entry of the difference, computed in double
precision on the d × d matrices. Only the 2 × 2 blocks on the diagonal are non-zero: each
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
<p>Each point is exact at its own distance; when L exceeds about twice the plot width, points
are spaced by the step shown in the corner.</p>
<p><b>Try:</b> raise b and watch the decay slow down; choose a scaling method to compare its
curve with the original.</p>
)";

const char* const kBaseBoundLesson = R"(
<h3>How long a context can a base serve?</h3>
<p>The cosine sum f(m) = Σ<sub>i</sub> cos(mθ<sub>i</sub>) is, up to a factor, the score
advantage of a similar key over a random one at distance m. Xu et al. (2024) and Su (2024) ask
that it never turns negative inside the context: f(m) ≥ 0 for every m = 0 … L−1.</p>
<p>The orange line marks the first distance where f dips below zero — found by checking
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
         .lesson = kExtensionLesson},
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
