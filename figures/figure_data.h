// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <QString>
#include <QVariantMap>

#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

/// \file figure_data.h
/// What a figure plots, as plain data (layer `rope_figures`: Qt Core, no widgets). A figure is
/// a pure data function `FigureData data(const rope::RopeParams&, const FigureOptions&)` that
/// calls core and returns plain x/y vectors and grids, plus a renderer in ui/ that puts the
/// FigureData on a QCustomPlot. Splitting the two lets a panel compute on a worker thread, lets
/// rope-cli and the tests use the data without widgets, and makes the CSV export exactly the
/// data drawn (figureCsv() writes FigureData).

namespace rope::figures {

/// \brief The size of the plot a figure is drawn on, set by whoever draws (the panel, an export,
/// rope-cli) so a figure can compute at screen resolution and keep its labels apart. Not an
/// option: sessions, `--set` and course steps never see it. 0 = unknown (a CSV, a test): the
/// figure picks its own resolution.
struct PlotSize {
    int widthPx = 0;  ///< the axis rectangle's width, device-independent pixels
    int heightPx = 0; ///< the axis rectangle's height
    int fontPx = 0;   ///< the height of a line of the plot's text (larger in presenter mode)

    /// widthPx, or \p fallback when unknown.
    int width(int fallback) const noexcept { return widthPx > 0 ? widthPx : fallback; }
    /// heightPx, or \p fallback when unknown.
    int height(int fallback) const noexcept { return heightPx > 0 ? heightPx : fallback; }
    /// fontPx, or \p fallback when unknown.
    int font(int fallback) const noexcept { return fontPx > 0 ? fontPx : fallback; }
};

/// \brief What a figure is computed from besides the parameters: the per-panel option values
/// keyed by kebab-case option id ("quantity", "pair", …; the map, which is what sessions and
/// `--set` hold; figures read them through OptionValues, figures/option_table.h), plus the plot
/// size, a separate field that no option map carries.
struct FigureOptions : QVariantMap {
    FigureOptions() = default;
    // Implicit on purpose: an option map (a session's, a course step's) is a FigureOptions
    // with the plot size unknown.
    FigureOptions(const QVariantMap& values) : QVariantMap(values) {} // NOLINT
    FigureOptions(std::initializer_list<std::pair<QString, QVariant>> values)
        : QVariantMap(values) {}

    PlotSize plot;
};

/// \brief How a Series is drawn.
enum class SeriesStyle {
    Line,    ///< polyline through the points (NaN breaks the line)
    Scatter, ///< markers only
    Path,    ///< parametric polyline in point order (x need not increase; NaN breaks it)
    Arrow,   ///< a path whose last point carries an arrow head (vectors in a plane)
    Guide,   ///< thin grey line: geometry aids (unit circles); not data, left out of the CSV
    Bars,    ///< one filled bar per point, centred on x (categories, e.g. backends)
};

/// \brief One plotted curve, as plain vectors.
struct Series {
    QString name;          ///< legend text and CSV "series" column
    std::vector<double> x; ///< x values (axis units)
    std::vector<double> y; ///< y values, same size as x
    SeriesStyle style = SeriesStyle::Line;
    int colour = 0; ///< index into the Okabe–Ito palette (colour-blind safe)
    bool inLegend = true;
    /// y holds wall-clock measurements (e.g. GB/s): they differ between two computations of the
    /// same inputs, so tests compare x, sizes and finiteness, not the y values.
    bool measured = false;
    /// Line only: this line and the previous series (also a Line with the same x) are the two
    /// edges of a min–max band (a per-pixel envelope); both are drawn thin and translucent in
    /// this colour. The band is not filled: a fill cost 40–60 ms per frame (PERFORMANCE.md).
    bool fillToPrevious = false;
    /// Line only: the area between the line and y = 0 is shaded in a translucent colour (NaN
    /// ends a shaded stretch), e.g. the feasible islands of a landscape.
    bool fillToZero = false;
    /// Line, Path: drawn dashed, so two curves that run close together stay distinguishable
    /// without relying on colour alone (keep dashed series short: dashes are stroked slowly).
    bool dashed = false;
    /// Line, Path: drawn in a translucent pen (a shaded region made of many thin lines).
    bool faint = false;
    /// Stable kebab-case id (never translated, unique among a figure's series and among its side
    /// plot's): what tests and tools look a series up by, while \p name is the legend text in the
    /// user's language. Not written to the CSV or the legend.
    QString id = {};
};

/// \brief A named tick: the axis shows \p label at coordinate \p at (categories such as tokens
/// or scheme names instead of numbers).
struct Tick {
    double at = 0;
    QString label;
};

/// \brief How the renderer may move a TextLabel. The figure says what a label names and where
/// that is; only the renderer knows the fonts, so only it can tell whether two texts meet.
enum class LabelPlace {
    /// Centred on (x, y), exactly: a mark in a cell, a word that names the region it sits in.
    Fixed,
    /// Centred on (x, y) when nothing is there; else at the nearest place around it where it
    /// covers no other text, marker, legend or curve, inside the axes.
    Near,
    /// Names the point (x, y): a marker, an arrow head, a line. Set beside the point, never over
    /// it, on TextLabel::side first, then at the nearest free place around; joined to the point by
    /// a thin leader line when it had to move away.
    Beside,
};

/// \brief A short text placed at a data coordinate (annotations such as pair numbers). Not data:
/// left out of the CSV.
struct TextLabel {
    double x = 0;
    double y = 0;
    QString text;
    bool onDark = false; ///< drawn in white (on a dark cell) instead of near-black
    LabelPlace place = LabelPlace::Fixed;
    /// Near, Beside: the side of (x, y) tried first (Qt::AlignRight: right of the point,
    /// Qt::AlignTop: above it, Qt::AlignBottom | Qt::AlignLeft: below and left, …); none: right,
    /// then above, below and left.
    Qt::Alignment side = {};
    /// Near, Beside: the x interval (data units) the label must stay inside when that is less
    /// than the axes (one image of two side by side); none: the axes.
    std::optional<std::pair<double, double>> xWithin = {};
};

/// \brief A colour-mapped image on a regular grid of cell centres.
struct ColourMap {
    int columns = 0;              ///< cells along x
    int rows = 0;                 ///< cells along y
    double xFirst = 0, xLast = 0; ///< centre of the first/last column
    double yFirst = 0, yLast = 0; ///< centre of the first/last row
    std::vector<double> values;   ///< row-major: values[row·columns + column]; NaN = gap
    double zMin = -1, zMax = 1;   ///< colour scale range
    bool diverging = true;        ///< blue–grey–orange (signed data) or viridis (magnitudes)
    bool logScale =
        false;     ///< logarithmic colour scale (zMin > 0); values ≤ 0 get the lowest colour
    QString label; ///< colour bar label with units
    std::vector<Tick> ticks; ///< named colour bar ticks (categories); empty: numbers
};

/// \brief A labelled number shown beside the plot and written to the CSV.
struct Readout {
    QString label; ///< e.g. "score qᵀR(n−m)k"
    double value = 0;
    QString unit; ///< e.g. "rad"; empty for pure numbers
    /// A wall-clock measurement (differs between runs; see Series::measured).
    bool measured = false;
    /// When not empty, shown instead of the number (e.g. "none below L = 4096" where there is
    /// no such distance); the CSV keeps \p value beside it.
    QString text = {};
};

/// \brief \p v for a readout or a legend: integers below 10⁵ in full (positions and counts are
/// exact); every other value with at most \p digits significant digits, as a×10ⁿ (superscript
/// exponent, "a×" left out when a = 1) when |v| ≥ 10^digits or |v| < 10⁻³; the minus sign is U+2212,
/// ±∞ is "∞". NaN gives "n/a" (a figure should never show one).
QString formatNumber(double v, int digits = 4);

/// \brief \p value in subscript digits (θ₁₂ for pair 12; minus as ₋), as an index is typeset.
QString subscriptDigits(long long value);

/// \brief \p number ("1.628", "−0.5") in superscript characters (L¹ᐧ⁶²⁸), as an exponent is
/// typeset in a text without markup. Unicode has no superscript full stop: the decimal point
/// is U+1427 (ᐧ), a raised dot as ᐟ (U+141F) is the raised slash of b⁻²ⁱᐟᵈ. Characters other
/// than digits, a minus and a point are kept.
QString superscriptNumber(const QString& number);

/// \brief A second, smaller plot to the right of the main one, with its own axes (e.g. the
/// rotation panel's clock per pair). Its series are written to the CSV like the main ones.
struct SidePlot {
    QString title;
    QString xLabel;
    QString yLabel;
    std::vector<Series> series;
    std::vector<TextLabel> labels;
    std::pair<double, double> xRange{0, 1};
    std::pair<double, double> yRange{0, 1};
    bool equalAspect = false;
    bool showAxes = true; ///< false: a bare drawing area (no ticks, no grid)
    std::vector<Tick> xTicks; ///< named ticks replacing the numbers on the x axis (if not empty)
    std::vector<Tick> yTicks; ///< named ticks replacing the numbers on the y axis (if not empty)
    double widthShare = 0.5; ///< side width / main width
};

/// \brief Everything one figure draws, as plain data (no Qt graphics types).
struct FigureData {
    QString title;
    QString xLabel; ///< with units, e.g. "pair i"
    QString yLabel;
    std::vector<Series> series;
    std::optional<ColourMap> colourMap;
    std::vector<Readout> readouts;
    std::optional<std::pair<double, double>> xRange; ///< fixed x range; else rescale to data
    std::optional<std::pair<double, double>> yRange;
    bool equalAspect = false; ///< one x unit = one y unit on screen (rotations in a plane)
    bool logX = false; ///< logarithmic x axis (x values > 0, real positions, not their log)
    bool logY = false;
    std::vector<Tick> xTicks; ///< named ticks replacing the numbers on the x axis (if not empty)
    std::vector<Tick> yTicks;
    std::optional<SidePlot> side;
    std::vector<TextLabel> labels; ///< annotations on the main plot (e.g. ✓/✗ in cells)
    /// Legend under the axes (beside the readouts), not over the data; always so over a colour map.
    bool legendBelow = false;
    bool yReversed = false; ///< position 0 at the top, as a matrix is read
    /// Corner of the plot area holding the legend.
    Qt::Alignment legendAlignment = Qt::AlignTop | Qt::AlignRight;
    /// Prose beside the plot (a page of a worked derivation: what the picture shows and the
    /// formula of the step), word-wrapped in a column right of the axes; "\n" starts a line.
    /// Not data: left out of the CSV.
    QString caption;
};

/// \brief The figure's data as CSV: header "series,x,y,value" then one row per plotted point
/// (colour map cells: x, y = cell centre, value = cell), then readouts (label in "series",
/// value in "value"). Side-plot series follow the main ones. Guide series are geometry aids and are left out. Numbers use %.17g.
QByteArray figureCsv(const FigureData& data);

} // namespace rope::figures
