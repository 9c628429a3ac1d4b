// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/draw_figure.h"

#include "figures/figure_text.h"
#include "ui/render/colour_maps.h"
#include "ui/render/axis_ticks.h"
#include "ui/render/label_layout.h"
#include "ui/render/legend_layout.h"
#include "ui/render/line_drawing.h"
#include "ui/render/plot_theme.h"

#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace rope::ui {

QColor paletteColour(int index) {
    // Okabe & Ito (2008): distinguishable under the common colour-vision deficiencies. Yellow
    // (#F0E442) is left out: too light on white.
    static const std::array<QColor, 7> colours = {
        QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73),
        QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xE6, 0x9F, 0x00),
        QColor(0x00, 0x00, 0x00)};
    const int n = static_cast<int>(colours.size());
    return colours[static_cast<std::size_t>(((index % n) + n) % n)];
}

QColor seriesColour(const QCustomPlot& plot, int index) {
    const QColor c = paletteColour(index);
    // The palette's black is "the text colour": on a dark background it is the foreground.
    return c == QColor(Qt::black) ? plotColours(plotTheme(plot)).foreground : c;
}

double penScale(const QCustomPlot& plot) {
    const QVariant scale = plot.property("ropePenScale");
    return scale.isValid() ? scale.toDouble() : 1.0;
}

namespace {

// A text element that word-wraps to the width it will get: its share of the plot's viewport.
// QCPTextElement asks for the full one-line width as its minimum, which forces the layout wider
// than a narrow window and clips long titles; this one asks for little width and for the height
// of the wrapped text instead. The viewport is known before the layout runs (also for exports,
// which set it to the export size first), so the height is right in the same pass.
class WrappingText : public QCPTextElement {
public:
    WrappingText(QCustomPlot* plot, const QFont& font, int flags, double widthShare)
        : QCPTextElement(plot, QString(), font), m_widthShare(widthShare) {
        setTextFlags(flags | Qt::TextWordWrap);
        setMargins(QMargins(6, 2, 6, 2));
    }
    QSize minimumOuterSizeHint() const override { return {40, wrappedHeight()}; }
    QSize maximumOuterSizeHint() const override { return {QWIDGETSIZE_MAX, wrappedHeight()}; }

private:
    int wrappedHeight() const {
        if (mText.isEmpty()) {
            return 0;
        }
        int width = std::max(
            40, static_cast<int>(mParentPlot->viewport().width() * m_widthShare) - 12 -
                    mMargins.left() - mMargins.right());
        // After a layout the cell's real width is known: a cell narrower than the estimate
        // (a column beside a legend) wraps to more lines, which must not be clipped.
        if (mRect.width() > 0) {
            width = std::min(width, std::max(40, mRect.width()));
        }
        // QCustomPlot asks for a cell's minimum and maximum size several times per layout pass
        // (a readout row asks each of its neighbours too), and each answer lays the text out
        // again: harfbuzz shaping was a third of a panel's first frame. The height depends only
        // on the text, font, flags and width, so the last answer is kept.
        if (width != m_heightFor.width || mText != m_heightFor.text || mFont != m_heightFor.font ||
            mTextFlags != m_heightFor.flags) {
            const QFontMetrics metrics(mFont);
            m_heightFor = {
                mText, mFont, mTextFlags, width,
                metrics.boundingRect(QRect(0, 0, width, 100000), mTextFlags, mText).height()};
        }
        return m_heightFor.height + mMargins.top() + mMargins.bottom();
    }
    struct Measured {
        QString text;
        QFont font;
        int flags = 0;
        int width = -1;
        int height = 0;
    };
    double m_widthShare;
    mutable Measured m_heightFor;
};

// A readout column. QCPLayoutGrid caps a row at the smallest maximum height of its cells, so a
// column capped at its own wrapped height would clip a taller neighbour's last lines: every
// column may grow to the tallest cell's minimum height of the row (its legend included).
class ReadoutText : public WrappingText {
public:
    using WrappingText::WrappingText;
    QSize maximumOuterSizeHint() const override {
        int tallest = WrappingText::maximumOuterSizeHint().height();
        if (const auto* grid = qobject_cast<QCPLayoutGrid*>(layout())) {
            for (int k = 0; k < grid->elementCount(); ++k) {
                if (QCPLayoutElement* e = grid->elementAt(k)) {
                    tallest = std::max(tallest, e->minimumOuterSizeHint().height());
                }
            }
        }
        return {QWIDGETSIZE_MAX, tallest};
    }
};

// The layout drawFigure builds once per plot (found again through object names):
//   top grid (one column): row 0 title · row 1 body · row 2 readouts
//   body grid (one row):   main axis rect · colour bar (if any) · side axis rect (if any)
// The main axis rect stays plot.axisRect() (the first axis rect found), so plot.xAxis/yAxis and
// the legend keep working for callers.
struct Layout {
    QCPLayoutGrid* body = nullptr;
    WrappingText* title = nullptr;
    QCPLayoutGrid* readouts = nullptr;
};

Layout plotLayout(QCustomPlot& plot) {
    Layout l;
    l.body = plot.findChild<QCPLayoutGrid*>(QStringLiteral("ropeBody"));
    if (l.body != nullptr) {
        l.title = static_cast<WrappingText*>(
            plot.findChild<QCPTextElement*>(QStringLiteral("ropeTitle")));
        l.readouts = plot.findChild<QCPLayoutGrid*>(QStringLiteral("ropeReadouts"));
        return l;
    }
    QCPLayoutGrid* top = plot.plotLayout();
    QCPAxisRect* main = plot.axisRect();
    top->take(main);
    top->simplify();
    QFont font = plot.font();
    font.setPointSizeF(font.pointSizeF() * 1.2);
    font.setBold(true);
    l.title = new WrappingText(&plot, font, Qt::AlignCenter, 1.0);
    l.title->setObjectName(QStringLiteral("ropeTitle"));
    l.body = new QCPLayoutGrid;
    l.body->setObjectName(QStringLiteral("ropeBody"));
    l.readouts = new QCPLayoutGrid;
    l.readouts->setObjectName(QStringLiteral("ropeReadouts"));
    top->addElement(0, 0, l.title);
    top->addElement(1, 0, l.body);
    top->addElement(2, 0, l.readouts);
    top->setRowSpacing(0);
    l.body->addElement(0, 0, main);
    l.body->setColumnSpacing(8);
    // A fixed minimum room for tick and axis labels: the axis rectangle (whose pixel size the
    // figures compute for) does not move when a redraw changes a tick label's width, e.g.
    // 10⁻⁸ → 10⁻¹⁰, so one redraw at the settled size reproduces the drawn data.
    const QFontMetrics metrics(plot.font());
    main->setMinimumMargins(QMargins(metrics.horizontalAdvance(QStringLiteral("−0.000000")) +
                                         2 * metrics.height(),
                                     metrics.height(), metrics.height(),
                                     3 * metrics.height()));
    return l;
}

// Removes every body element after the main axis rect (colour bar, side plot, legend column);
// the legend itself is kept (taken out of its column), as QCustomPlot owns it.
void clearBodyExtras(QCustomPlot& plot, QCPLayoutGrid* body) {
    plot.axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, nullptr);
    if (auto* column = qobject_cast<QCPLayoutGrid*>(plot.legend->layout());
        column != nullptr && column->objectName() == QLatin1String("ropeLegendColumn")) {
        column->take(plot.legend);
    }
    for (int c = body->columnCount() - 1; c >= 1; --c) {
        if (QCPLayoutElement* e = body->element(0, c)) {
            body->remove(e);
        }
    }
    body->simplify();
    body->setColumnStretchFactors(QList<double>(body->columnCount(), 1.0));
}

// True when \p text holds a Han character (Chinese, Japanese kanji).
bool hasHan(const QString& text) {
    return std::any_of(text.begin(), text.end(),
                       [](QChar c) { return c.script() == QChar::Script_Han; });
}

// A vertical axis draws its label turned on its side, which Chinese typesetting never does to
// Han characters (they stay upright). A label with Han characters is therefore written
// horizontally above the top of the axis, as Chinese textbooks label a y axis; \p line counts
// text lines up from the plot area (1: just above it). The axis keeps no label of its own.
void setUprightAxisLabel(QCustomPlot& plot, QCPAxisRect* rect, const QString& label, int line) {
    QCPAxis* axis = rect->axis(QCPAxis::atLeft);
    if (!hasHan(label)) {
        axis->setLabel(label);
        return;
    }
    axis->setLabel(QString());
    auto* text = new QCPItemText(&plot);
    text->setObjectName(QStringLiteral("ropeUprightAxisLabel"));
    text->setClipToAxisRect(false);
    text->position->setType(QCPItemPosition::ptAxisRectRatio);
    text->position->setAxisRect(rect);
    text->position->setCoords(0.0, 0.0);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    text->setText(label);
    text->setFont(plot.font());
    text->setColor(plotColours(plotTheme(plot)).foreground);
    const int lineHeight = QFontMetrics(plot.font()).height();
    text->setPadding(QMargins(0, 0, 0, 2 + (line - 1) * lineHeight));
}

// The colour bar's label, when it holds Han characters: written horizontally above the bar
// (placed once the layout is known, by placeUprightScaleLabels()).
void setUprightScaleLabel(QCustomPlot& plot, QCPColorScale* scale, const QString& label) {
    if (!hasHan(label)) {
        scale->axis()->setLabel(label);
        return;
    }
    scale->axis()->setLabel(QString());
    auto* text = new QCPItemText(&plot);
    text->setObjectName(QStringLiteral("ropeUprightScaleLabel"));
    text->setClipToAxisRect(false);
    text->position->setType(QCPItemPosition::ptAbsolute);
    text->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    text->setText(label);
    text->setFont(plot.font());
    text->setColor(plotColours(plotTheme(plot)).foreground);
    // Half a line above the bar's top: the top tick label, centred on that edge, reaches up
    // that far (2 px above the edge, the label's last characters sat on it).
    text->setPadding(QMargins(0, 0, 0, 2 + QFontMetrics(plot.font()).height() / 2));
    text->setProperty("ropeScale", QVariant::fromValue(static_cast<QObject*>(scale)));
}

void placeUprightScaleLabels(QCustomPlot& plot) {
    for (int k = 0; k < plot.itemCount(); ++k) {
        auto* text = qobject_cast<QCPItemText*>(plot.item(k));
        if (text == nullptr || text->objectName() != QLatin1String("ropeUprightScaleLabel")) {
            continue;
        }
        if (auto* scale =
                qobject_cast<QCPColorScale*>(text->property("ropeScale").value<QObject*>())) {
            // Ending over the bar's right edge: the tick label at the bar's top, right of the
            // bar, stays clear of it.
            const QRect bar = scale->rect();
            text->position->setCoords(bar.right(), bar.top());
        }
    }
}

QCPColorScale* addColourScale(QCustomPlot& plot, QCPLayoutGrid* body) {
    auto* scale = new QCPColorScale(&plot);
    body->addElement(0, body->columnCount(), scale);
    scale->setType(QCPAxis::atRight);
    // Keep the colour bar exactly as tall as the plot area.
    auto* group = new QCPMarginGroup(&plot);
    plot.axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    return scale;
}

void drawColourMap(QCustomPlot& plot, QCPLayoutGrid* body, const ColourMap& map) {
    auto* plottable = new QCPColorMap(plot.xAxis, plot.yAxis);
    plottable->setName(map.label);
    plottable->setInterpolate(false);
    plottable->setTightBoundary(false);
    // QCPColorMapData places cells by (index)/(size−1); a single cell would divide by zero, so
    // one column/row is stored twice at ±¼ cell, which draws the same full cell.
    const int cols = std::max(map.columns, 2);
    const int rows = std::max(map.rows, 2);
    const double dx = map.columns == 1 ? 0.25 : 0.0;
    const double dy = map.rows == 1 ? 0.25 : 0.0;
    plottable->data()->setSize(cols, rows);
    plottable->data()->setRange(QCPRange(map.xFirst - dx, map.xLast + dx),
                                QCPRange(map.yFirst - dy, map.yLast + dy));
    for (int r = 0; r < rows; ++r) {
        const int sr = std::min(r, map.rows - 1);
        for (int c = 0; c < cols; ++c) {
            const int sc = std::min(c, map.columns - 1);
            plottable->data()->setCell(
                c, r,
                map.values[static_cast<std::size_t>(sr) * static_cast<std::size_t>(map.columns) +
                           static_cast<std::size_t>(sc)]);
        }
    }
    QCPColorScale* scale = addColourScale(plot, body);
    setUprightScaleLabel(plot, scale, map.label);
    plottable->setColorScale(scale);
    plottable->setGradient(map.diverging ? divergingGradient() : viridisGradient());
    plottable->setDataScaleType(map.logScale ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    scale->setDataScaleType(map.logScale ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (map.logScale) {
        scale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
        scale->axis()->setNumberFormat(QStringLiteral("eb"));
        scale->axis()->setNumberPrecision(0);
    } else {
        scale->axis()->setTicker(QSharedPointer<QCPAxisTicker>::create());
        scale->axis()->setNumberFormat(QStringLiteral("gbd"));
        scale->axis()->setNumberPrecision(6);
    }
    if (map.diverging && !map.logScale) {
        // A diverging map's white is its zero: the scale is symmetric about 0 and 0 is a tick.
        const double extent = std::max(std::abs(map.zMin), std::abs(map.zMax));
        // (QCPAxisTicker puts ticks at multiples of its step, so a symmetric range ticks 0.)
        plottable->setDataRange(QCPRange(-extent, extent));
        plottable->removeFromLegend();
        return;
    }
    plottable->setDataRange(QCPRange(map.zMin, map.zMax));
    plottable->removeFromLegend();
    setTicks(scale->axis(), map.ticks);
}

// \p previous is the plottable drawn for the preceding series (for fillToPrevious).
void drawSeries(QCustomPlot& plot, QCPAxisRect* rect, const Series& s,
                QCPAbstractPlottable* previous) {
    const PlotColours& theme = plotColours(plotTheme(plot));
    const QColor colour = seriesColour(plot, s.colour);
    // Wide antialiased pens are slow to stroke along long jagged polylines (a decay curve has
    // ~2 points per pixel); dense series get a 1-px pen so a frame stays within budget.
    const double scale = penScale(plot);
    QPen pen(colour, (s.x.size() > 256 ? 1.0 : 2.0) * scale);
    const QVector<double> x(s.x.begin(), s.x.end());
    const QVector<double> y(s.y.begin(), s.y.end());
    QCPAbstractPlottable* plottable = nullptr;
    if (s.style == SeriesStyle::Bars) {
        auto* bars = new QCPBars(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        bars->setData(x, y, true);
        bars->setWidth(0.6);
        QColor fill = colour;
        fill.setAlpha(190);
        bars->setBrush(fill);
        plottable = bars;
    } else if (s.style == SeriesStyle::Line || s.style == SeriesStyle::Scatter) {
        auto* graph =
            addLineGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        graph->setData(x, y, true);
        if (s.style == SeriesStyle::Scatter) {
            graph->setLineStyle(QCPGraph::lsNone);
            graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5 * scale));
        }
        if (auto* other = qobject_cast<QCPGraph*>(previous);
            s.fillToPrevious && s.style == SeriesStyle::Line && other != nullptr) {
            // A min…max band is drawn as its two edges in a light pen around the solid
            // mean line. Filling it (QCPGraph channel fill, or one QCPCurve polygon) cost
            // 40–60 ms per frame for five 900-point bands, far over the 16 ms frame budget;
            // the edges alone draw in about a millisecond and show the same envelope.
            // The light colour is the series colour at alpha a = 110/255 over the background,
            // mixed here into one opaque colour a·c + (1 − a)·bg: a translucent pen kept the
            // edges on Qt's slow path for wide polylines (strokeBySegments), 2.2 s per redraw
            // with the presenter window's ×2.2 pens.
            const double a = 110.0 / 255.0;
            const QColor bg = theme.background;
            const QColor edge =
                QColor::fromRgbF(static_cast<float>(a * colour.redF() + (1 - a) * bg.redF()),
                                 static_cast<float>(a * colour.greenF() + (1 - a) * bg.greenF()),
                                 static_cast<float>(a * colour.blueF() + (1 - a) * bg.blueF()));
            pen = QPen(edge, 1.0 * scale);
            other->setPen(pen);
            graph->setProperty("ropeBand", true);
        }
        if (s.fillToZero && s.style == SeriesStyle::Line) {
            // A graph's brush fills down to the value axis' zero, piece by piece between NaNs.
            QColor fill = paletteColour(s.colour);
            fill.setAlpha(70);
            graph->setBrush(fill);
        }
        plottable = graph;
    } else {
        auto* curve =
            addLineCurve(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        curve->setData(x, y);
        plottable = curve;
        if (s.style == SeriesStyle::Guide) {
            pen = QPen(theme.guide, 1.0 * scale, Qt::DashLine);
        } else if (s.style == SeriesStyle::Arrow && s.x.size() >= 2) {
            auto* head = new QCPItemLine(&plot);
            head->setClipAxisRect(rect);
            head->start->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            head->end->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            head->start->setCoords(s.x[s.x.size() - 2], s.y[s.y.size() - 2]);
            head->end->setCoords(s.x.back(), s.y.back());
            head->setPen(pen);
            head->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 10 * scale, 12 * scale));
        }
    }
    if (s.style != SeriesStyle::Guide && s.style != SeriesStyle::Scatter) {
        if (s.dashed) {
            pen.setStyle(Qt::DashLine);
        }
        if (s.faint) {
            // Wide and light: parallel lines a few pixels apart read as a shaded area.
            QColor c = pen.color();
            c.setAlpha(60);
            pen.setColor(c);
            pen.setWidthF(5.0 * scale);
        }
    }
    plottable->setName(s.name);
    plottable->setPen(pen);
    if (!s.inLegend || s.style == SeriesStyle::Guide) {
        plottable->removeFromLegend();
    }
}

// At most four significant digits (figures::formatNumber): a readout is read, not copied; the
// CSV keeps every digit.
QString readoutText(const Readout& r) {
    if (!r.text.isEmpty()) {
        return QStringLiteral("%1: %2").arg(r.label, r.text);
    }
    return QStringLiteral("%1 = %2%3")
        .arg(r.label, figures::formatNumber(r.value),
             r.unit.isEmpty() ? QString() : QStringLiteral(" ") + r.unit);
}

// Readouts under the axes in one or two text columns (two when there are more than three).
// \p legendShare: the part of the width a legend below the axes takes from the readouts' row.
void drawReadouts(QCustomPlot& plot, QCPLayoutGrid* grid, const std::vector<Readout>& readouts,
                  double legendShare) {
    for (int k = grid->elementCount() - 1; k >= 0; --k) {
        if (QCPLayoutElement* e = grid->elementAt(k)) {
            if (e == plot.legend) {
                grid->take(e); // kept: placeLegend puts it back where it belongs
            } else {
                grid->remove(e);
            }
        }
    }
    grid->simplify();
    if (readouts.empty()) {
        // An empty grid asks for a maximum width of 0, and the top grid's one column takes the
        // smallest maximum of its rows: the axes would be squeezed to their minimum (≈ 50 px).
        // A spacer with no height and any width keeps the row out of the way (placeLegend
        // takes it out again when the legend goes below the axes).
        auto* spacer = new QCPLayoutElement(&plot);
        spacer->setObjectName(QStringLiteral("ropeReadoutSpacer"));
        spacer->setMinimumSize(0, 0);
        spacer->setMaximumSize(QWIDGETSIZE_MAX, 0);
        spacer->setMargins(QMargins());
        grid->addElement(0, 0, spacer);
        return;
    }
    // More than six readouts on a wide plot: three columns, so they take fewer lines of its
    // height.
    // Beside a legend wider than a third of the plot: one column (two would wrap every line).
    const int columns = legendShare > 0.33
                            ? 1
                            : (readouts.size() > 6 && isWide(plot) ? 3 : (readouts.size() > 3 ? 2 : 1));
    const std::size_t perColumn = (readouts.size() + columns - 1) / columns;
    QFont font = plot.font();
    font.setPointSizeF(font.pointSizeF() * 0.95);
    for (int c = 0; c < columns; ++c) {
        QStringList lines;
        for (std::size_t k = c * perColumn; k < std::min(readouts.size(), (c + 1) * perColumn);
             ++k) {
            lines << readoutText(readouts[k]);
        }
        auto* text = new ReadoutText(&plot, font, Qt::AlignLeft | Qt::AlignTop,
                                     std::max(0.2, 1.0 - legendShare) / columns);
        text->setText(lines.join(QLatin1Char('\n')));
        text->setObjectName(QStringLiteral("ropeReadout"));
        text->setTextColor(plotColours(plotTheme(plot)).readout);
        grid->addElement(0, c, text);
    }
}

// Widens the wanted x range (or y range) about its centre so one unit spans as many pixels on
// both axes. Runs after every layout pass (QCustomPlot::afterLayout), so the ratio holds for
// the on-screen size and for exports at any size (toPixmap/toPainter lay out again).
void applyEqualAspect(QCPAxisRect* axisRect) {
    const QVariant wantX = axisRect->property("ropeAspectX");
    const QVariant wantY = axisRect->property("ropeAspectY");
    if (!wantX.isValid() || !wantY.isValid()) {
        return;
    }
    const QRect rect = axisRect->rect();
    if (rect.width() <= 0 || rect.height() <= 0) {
        return;
    }
    const QPointF xr = wantX.toPointF();
    const QPointF yr = wantY.toPointF();
    const double unitsPerPx =
        std::max((xr.y() - xr.x()) / rect.width(), (yr.y() - yr.x()) / rect.height());
    axisRect->axis(QCPAxis::atBottom)
        ->setRange(0.5 * (xr.x() + xr.y()), unitsPerPx * rect.width(), Qt::AlignCenter);
    axisRect->axis(QCPAxis::atLeft)
        ->setRange(0.5 * (yr.x() + yr.y()), unitsPerPx * rect.height(), Qt::AlignCenter);
    // The ticks were computed before the layout pass (for the old range); recompute them so
    // this very frame shows ticks of the new range.
    axisRect->update(QCPLayoutElement::upPreparation);
}

void applyEqualAspect(QCustomPlot& plot) {
    for (QCPAxisRect* rect : plot.axisRects()) {
        applyEqualAspect(rect);
    }
}

void setEqualAspect(QCPAxisRect* rect, bool on) {
    if (on) {
        const QCPRange x = rect->axis(QCPAxis::atBottom)->range();
        const QCPRange y = rect->axis(QCPAxis::atLeft)->range();
        rect->setProperty("ropeAspectX", QPointF(x.lower, x.upper));
        rect->setProperty("ropeAspectY", QPointF(y.lower, y.upper));
    } else {
        rect->setProperty("ropeAspectX", QVariant());
        rect->setProperty("ropeAspectY", QVariant());
    }
}

// \p text broken at spaces into lines at most \p width pixels wide in \p font (a word
// longer than that keeps a line of its own).
QString wrappedLines(const QString& text, const QFont& font, int width) {
    const QFontMetrics metrics(font);
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '))) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    lines << line;
    return lines.join(QLatin1Char('\n'));
}

// \p lastWidth: the side plot's axis rectangle's width in the last layout, 0 when there was
// none; its title is broken into lines of that width, as a centred title wider than a narrow
// side plot ran into what stands beside it (a slide's text column).
void drawSide(QCustomPlot& plot, QCPLayoutGrid* body, const SidePlot& side, int lastWidth) {
    auto* rect = new QCPAxisRect(&plot);
    rect->setObjectName(QStringLiteral("ropeSide"));
    body->addElement(0, body->columnCount(), rect);
    QList<double> stretch(body->columnCount(), 1.0);
    stretch.back() = side.widthShare;
    body->setColumnStretchFactors(stretch);
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    x->setLabel(side.xLabel);
    const bool uprightY = hasHan(side.yLabel) && side.showAxes;
    if (side.showAxes) {
        setUprightAxisLabel(plot, rect, side.yLabel, 1);
    } else {
        y->setLabel(side.yLabel);
    }
    setTicks(x, side.xTicks);
    setTicks(y, side.yTicks);
    for (QCPAxis* a : {x, y}) {
        a->setVisible(side.showAxes);
        a->grid()->setVisible(side.showAxes);
    }
    if (!side.title.isEmpty()) {
        // The side plot's title sits in its top margin (inside the rect's layout cell).
        auto* title = new QCPItemText(&plot);
        title->setClipToAxisRect(false);
        title->position->setType(QCPItemPosition::ptAxisRectRatio);
        title->position->setAxisRect(rect);
        title->position->setCoords(0.5, 0.0);
        title->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        const QString text =
            lastWidth > 0 ? wrappedLines(side.title, plot.font(), lastWidth) : side.title;
        title->setText(text);
        title->setFont(plot.font()); // the plot's font (larger in presentation style)
        title->setColor(plotColours(plotTheme(plot)).foreground);
        const int lineHeight = QFontMetrics(plot.font()).height();
        const int lines = static_cast<int>(text.count(QLatin1Char('\n'))) + 1;
        // An upright y label takes the line just above the plot area: the title goes above it.
        // Else half a line above it: the top tick label, centred on the top edge, reaches up
        // that far.
        const int below = uprightY ? 6 + lineHeight : 4 + lineHeight / 2;
        title->setPadding(QMargins(0, 0, 0, below));
        rect->setMinimumMargins(QMargins(4, lines * lineHeight + below + 6, 4, 4));
    } else if (uprightY) {
        rect->setMinimumMargins(QMargins(4, QFontMetrics(plot.font()).height() + 6, 4, 4));
    }
    // Bands (fillToPrevious) pair with the side plot's own preceding series, as on the main plot.
    QCPAbstractPlottable* previous = nullptr;
    for (const Series& s : side.series) {
        drawSeries(plot, rect, s, previous);
        previous = plot.plottable(plot.plottableCount() - 1);
    }
    addLabels(plot, rect, side.labels, 0.8, plotColours(plotTheme(plot)).sideLabel);
    x->setRange(side.xRange.first, side.xRange.second);
    y->setRange(side.yRange.first, side.yRange.second);
    // The side rect is new, so its width is estimated: its share of the body, less the axes.
    fitTickLabels(x, side.xTicks,
                  0.75 * plot.viewport().width() * side.widthShare / (1.0 + side.widthShare));
    setEqualAspect(rect, side.equalAspect);
}

// A wrapping text that may grow taller than its text: as a column of the body row it must not
// cap that row's height (WrappingText's maximum is its wrapped height, right for a row of its
// own).
class CaptionText : public WrappingText {
public:
    using WrappingText::WrappingText;
    QSize maximumOuterSizeHint() const override { return {QWIDGETSIZE_MAX, QWIDGETSIZE_MAX}; }
};

// The caption: a column right of everything else in the body (as wide as the main axes'
// column times kCaptionShare) on a wide plot, else a full-width row between the title and the
// body, so a narrow plot (a panel beside the lessons) keeps its width for the picture. A
// figure of two plots whose main axes stretch (\p sharesWidth: a side plot, no equal aspect)
// takes the row on a wide plot too: a caption column beside the two plots and their legend
// left each a sliver of the width, a row costs a few lines of the height. Text from the
// top-left corner, wrapped to its cell.
void drawCaption(QCustomPlot& plot, QCPLayoutGrid* body, const QString& caption,
                 bool sharesWidth) {
    constexpr double kCaptionShare = 0.8;
    const QRect viewport = plot.viewport();
    const bool beside = viewport.width() >= 1.5 * viewport.height() && !sharesWidth;
    QList<double> stretch = body->columnStretchFactors();
    double total = kCaptionShare;
    for (double s : stretch) {
        total += s;
    }
    const Qt::Alignment flags = Qt::AlignLeft | Qt::AlignTop;
    WrappingText* text = beside
                             ? new CaptionText(&plot, plot.font(), flags, kCaptionShare / total)
                             : new WrappingText(&plot, plot.font(), flags, 1.0);
    text->setObjectName(QStringLiteral("ropeCaption"));
    text->setText(caption);
    text->setTextColor(plotColours(plotTheme(plot)).foreground);
    if (beside) {
        text->setMargins(QMargins(12, 8, 16, 4));
        body->addElement(0, body->columnCount(), text);
        stretch.append(kCaptionShare);
        body->setColumnStretchFactors(stretch);
    } else {
        text->setMargins(QMargins(16, 2, 16, 6));
        QCPLayoutGrid* top = plot.plotLayout();
        // Under the readouts when the plots share the width: the body then starts under the
        // title, and a colour bar's or side plot's turned label longer than the axes (centred
        // on them) has the title's margin to spill into, not the caption's text.
        const int row = sharesWidth ? top->rowCount() : 1;
        top->insertRow(row);
        top->addElement(row, 0, text);
    }
}

// Removes a caption drawn as a row of its own (a caption column goes with the body extras).
void clearCaptionRow(QCustomPlot& plot) {
    QCPLayoutGrid* top = plot.plotLayout();
    for (int r = top->rowCount() - 1; r >= 0; --r) {
        QCPLayoutElement* e = top->element(r, 0);
        if (e != nullptr && e->objectName() == QLatin1String("ropeCaption")) {
            top->remove(e);
            top->simplify();
        }
    }
}

} // namespace

void drawFigure(QCustomPlot& plot, const FigureData& data) {
    plot.clearPlottables();
    plot.clearItems();
    // Filled plottables here are axis-aligned (bars); antialiasing their fills costs frame
    // time and changes nothing visible.
    plot.setNotAntialiasedElements(QCP::aeFills);
    const Layout layout = plotLayout(plot);
    clearCaptionRow(plot);
    layout.title->setText(data.title);
    int lastSideWidth = 0;
    for (const QCPAxisRect* rect : plot.axisRects()) {
        if (rect->objectName() == QLatin1String("ropeSide")) {
            lastSideWidth = rect->width();
        }
    }
    clearBodyExtras(plot, layout.body);
    plot.xAxis->setLabel(data.xLabel);
    setUprightAxisLabel(plot, plot.axisRect(), data.yLabel, 1);
    {
        // Room above the plot area for an upright label (the fixed minimum is one line).
        QMargins margins = plot.axisRect()->minimumMargins();
        const int lineHeight = QFontMetrics(plot.font()).height();
        const bool upright =
            hasHan(data.yLabel) || (data.colourMap && hasHan(data.colourMap->label));
        // An upright colour-bar label stands half a line higher (setUprightScaleLabel()).
        const bool uprightScale = data.colourMap && hasHan(data.colourMap->label);
        margins.setTop(uprightScale ? lineHeight * 3 / 2 + 8
                                    : (upright ? lineHeight + 6 : lineHeight));
        // Named y ticks are known now: room for the widest (plus the axis label), not for the
        // widest number the axis might show (a fixed room that keeps numeric axes still while
        // their labels change, and on a slide took a sixth of the width beside a map).
        const QFontMetrics metrics(plot.font());
        int widestTick = metrics.horizontalAdvance(QStringLiteral("−0.000000"));
        if (!data.yTicks.empty()) {
            const QFontMetrics tickMetrics(plot.yAxis->tickLabelFont());
            widestTick = 0;
            for (const Tick& t : data.yTicks) {
                for (const QString& line : t.label.split(QLatin1Char('\n'))) {
                    widestTick = std::max(widestTick, tickMetrics.horizontalAdvance(line));
                }
            }
        }
        margins.setLeft(widestTick + 2 * metrics.height());
        plot.axisRect()->setMinimumMargins(margins);
    }
    plot.yAxis->setRangeReversed(data.yReversed);
    setScale(plot.xAxis, data.logX);
    setScale(plot.yAxis, data.logY);
    setTicks(plot.xAxis, data.xTicks);
    setTicks(plot.yAxis, data.yTicks);

    if (data.colourMap) {
        const ColourMap& map = *data.colourMap;
        drawColourMap(plot, layout.body, map);
        integerTicksForCells(plot.xAxis, map.xFirst, map.xLast, map.columns);
        integerTicksForCells(plot.yAxis, map.yFirst, map.yLast, map.rows);
    }
    QCPAbstractPlottable* previous = nullptr;
    for (const Series& s : data.series) {
        drawSeries(plot, plot.axisRect(), s, previous);
        previous = plot.plottable(plot.plottableCount() - 1);
    }
    addLabels(plot, plot.axisRect(), data.labels, 1.0, plotColours(plotTheme(plot)).label);

    int legendEntries = 0;
    for (const Series& s : data.series) {
        legendEntries += s.inLegend && s.style != SeriesStyle::Guide ? 1 : 0;
    }
    if (data.side) {
        for (const Series& s : data.side->series) {
            legendEntries += s.inLegend && s.style != SeriesStyle::Guide ? 1 : 0;
        }
    }
    const bool anyInLegend = legendEntries > 0;
    plot.legend->setFont(plot.font());
    // QCPLegend's own spacing and margins, which fitLegendBeside() may have taken away.
    if (!plot.legend->property("ropeRowSpacing").isValid()) {
        plot.legend->setProperty("ropeRowSpacing", plot.legend->rowSpacing());
        plot.legend->setProperty("ropeMargins", QVariant::fromValue(plot.legend->margins()));
    }
    plot.legend->setRowSpacing(plot.legend->property("ropeRowSpacing").toInt());
    plot.legend->setMargins(plot.legend->property("ropeMargins").value<QMargins>());
    plot.legend->setWrap(0);
    plot.legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    plot.legend->setVisible(anyInLegend);
    plot.legend->setBrush(plotColours(plotTheme(plot)).legendBrush);
    // Over a colour map every corner is data, and a long legend covers the data in any corner:
    // such a legend goes outside the axes, to the right on a wide plot (before the caption, if
    // any), else below.
    // A plot for print or projection (a slide, a handout: property "ropeLegendOutside") puts
    // every legend outside: a corner the screen can spare hides a curve on a page that cannot
    // be panned.
    LegendPlace legendPlace = LegendPlace::Inset;
    if (anyInLegend &&
        (data.legendBelow || data.colourMap.has_value() || legendEntries > kMaxInsetLegendEntries ||
         plot.property("ropeLegendOutside").toBool())) {
        // A column right of the plot at most a third of its width: longer entries are broken
        // into lines. On screen a long legend (more entries than fit a corner) there is set at
        // 0.8 of the plot's font, so that it fits beside the axes' height; in presentation
        // style (slides, the presenter) it keeps the plot's font, the tick labels' size, as
        // smaller text would not be read from the back of a room.
        // A short legend stays below when the axes are narrow already (equal aspect, a side
        // plot or a caption beside them).
        const bool longLegend = legendEntries > kMaxInsetLegendEntries;
        const bool roomBeside =
            !data.equalAspect && !data.side.has_value() && data.caption.isEmpty();
        if (isWide(plot) && (longLegend || roomBeside)) {
            legendPlace = LegendPlace::Beside;
            if (legendEntries > kMaxInsetLegendEntries && penScale(plot) <= 1.0) {
                QFont small = plot.font();
                small.setPointSizeF(small.pointSizeF() * 0.8);
                plot.legend->setFont(small);
            }
            const int limit = plot.viewport().width() / 3;
            const QFontMetrics metrics(plot.legend->font());
            int widestText = 0;
            for (const Series& s : data.series) {
                widestText = std::max(widestText, metrics.horizontalAdvance(s.name));
            }
            const int decoration = std::max(0, widestLegendEntry(plot) - widestText);
            if (widestLegendEntry(plot) > limit) {
                wrapLegendEntries(plot, std::max(limit - decoration, 4 * metrics.height()));
            }
        } else {
            legendPlace = LegendPlace::Below;
        }
    }
    const double legendShare =
        legendPlace == LegendPlace::Below
            ? (plot.legend->minimumOuterSizeHint().width() + 8.0) /
                  std::max(1, plot.viewport().width())
            : 0.0;
    drawReadouts(plot, layout.readouts, data.readouts, legendShare);
    reserveLegendTextHeights(plot);
    placeLegend(plot, layout.readouts, legendPlace, data.legendAlignment);

    // Rescale the main axes only (the side plot has fixed ranges).
    plot.xAxis->rescale();
    plot.yAxis->rescale();
    // A marker at the end of the data would be cut in half by the axis rectangle: an axis
    // fitted to data with markers gets 3 % of room on each side (of its decades when
    // logarithmic). A range the figure fixes is its own choice.
    const bool markers = std::any_of(data.series.begin(), data.series.end(), [](const Series& s) {
        return s.style == SeriesStyle::Scatter && !s.x.empty();
    });
    if (markers) {
        for (QCPAxis* axis : {plot.xAxis, plot.yAxis}) {
            const QCPRange r = axis->range();
            if (axis->scaleType() == QCPAxis::stLogarithmic && r.lower > 0) {
                const double f = std::pow(r.upper / r.lower, 0.03);
                axis->setRange(r.lower / f, r.upper * f);
            } else {
                const double pad = 0.03 * (r.size() > 0 ? r.size() : 1.0);
                axis->setRange(r.lower - pad, r.upper + pad);
            }
        }
    }
    if (data.xRange) {
        plot.xAxis->setRange(data.xRange->first, data.xRange->second);
    }
    if (data.yRange) {
        plot.yAxis->setRange(data.yRange->first, data.yRange->second);
    }
    setEqualAspect(plot.axisRect(), data.equalAspect);
    {
        // The axis rect's width from the last layout (renderFigure lays out first), else an
        // estimate from the viewport.
        // A legend column about to be placed beside takes its width from the axes.
        const int beside =
            legendPlace == LegendPlace::Beside ? plot.legend->minimumOuterSizeHint().width() : 0;
        const int width = plot.axisRect()->width() - beside;
        fitTickLabels(plot.xAxis, data.xTicks,
                      width > 0 ? width : 0.7 * plot.viewport().width() - beside);
    }
    if (data.side) {
        drawSide(plot, layout.body, *data.side, lastSideWidth);
    }
    shareStrokeBudget(plot);
    if (legendPlace == LegendPlace::Beside) {
        placeLegendBeside(plot, layout.body);
    }
    if (!data.caption.isEmpty()) {
        drawCaption(plot, layout.body, data.caption, data.side.has_value() && !data.equalAspect);
    }
    if (legendPlace == LegendPlace::Beside) {
        fitLegendBeside(plot);
    }
    if (!plot.property("ropeAspectConnected").toBool()) {
        QObject::connect(&plot, &QCustomPlot::afterLayout, &plot, [&plot] {
            applyEqualAspect(plot);
            placeUprightScaleLabels(plot);
            refitTickLabels(plot);
            placeInsetLegend(plot);
            placeLabels(plot); // last: in the pixels the axes now have
        });
        plot.setProperty("ropeAspectConnected", true);
    }
    applyEqualAspect(plot);
    placeUprightScaleLabels(plot);
    applyPlotColours(plot, plotTheme(plot));
}


void setPresentationStyle(QCustomPlot& plot, double scale) {
    QFont font = plot.font();
    font.setPointSizeF(font.pointSizeF() * scale);
    // Elements made later (title, readouts, labels, side plots, colour bars) take the plot's
    // font; the axes and the legend already exist and take it here.
    plot.setFont(font);
    plot.legend->setFont(font);
    for (QCPAxis* axis : plot.axisRect()->axes()) {
        axis->setLabelFont(font);
        axis->setTickLabelFont(font);
        axis->setBasePen(QPen(Qt::black, scale));
        axis->setTickPen(QPen(Qt::black, scale));
        axis->setSubTickPen(QPen(Qt::black, scale));
        axis->setTickLengthIn(int(5 * scale));
        axis->setLabelPadding(int(5 * scale));
        axis->grid()->setPen(QPen(QColor(200, 200, 200), scale, Qt::DotLine));
    }
    plot.setProperty("ropePenScale", scale);
}

FigureOptions withPlotSize(QCustomPlot& plot, FigureOptions options) {
    // A plot that was never shown (exports, rope-cli, the slides) got no resize event, so its
    // viewport is still the default widget size (640×480), not the size it was resized to: the
    // layout (and every choice made from the viewport's shape) would be that of 640×480.
    if (!plot.isVisible() && plot.viewport() != plot.rect()) {
        plot.setViewport(plot.rect());
    }
    // A layout pass at the widget's size, as a replot starts with (QCustomPlot::updateLayout,
    // protected): the axis rectangle is then valid. A whole replot here drew the previous
    // figure at the new size only to learn that size: the presenter window paid a frame of
    // the old figure (×2.2 pens, 1920×1080) for every change, 15–70 % of blocks of 150–370 ms
    // the GUI monkey's stall sampler caught (PresenterWindow::compute → withPlotSize).
    QCPLayoutGrid* layout = plot.plotLayout();
    layout->update(QCPLayoutElement::upPreparation);
    layout->update(QCPLayoutElement::upMargins);
    layout->update(QCPLayoutElement::upLayout);
    Q_EMIT plot.afterLayout(); // equal aspect, upright labels and tick refits, as after a replot
    const QRect rect = plot.axisRect()->rect();
    options.plot = {std::max(rect.width(), 1), std::max(rect.height(), 1),
                    QFontMetrics(plot.font()).height()};
    return options;
}

FigureData renderFigure(QCustomPlot& plot, const figures::Figure& figure,
                        const rope::RopeParams& params, const FigureOptions& options) {
    FigureOptions sized = withPlotSize(plot, options);
    FigureData data = figures::figureData(figure, params, sized);
    drawFigure(plot, data);
    // A fresh plot's first layout has no legend, readouts or side plot yet, so the figure was
    // computed for a larger axis rectangle than it got (the M-RoPE run labels' room, the
    // base-bound model labels): once more for the one it got, as the slides do.
    const FigureOptions drawn = withPlotSize(plot, options);
    if (drawn.plot.widthPx != sized.plot.widthPx || drawn.plot.heightPx != sized.plot.heightPx) {
        data = figures::figureData(figure, params, drawn);
        drawFigure(plot, data);
    }
    return data;
}

} // namespace rope::ui
