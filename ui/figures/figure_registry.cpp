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
