// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// How a figure's lines reach the pixels fast on raster targets: wide lines segment by segment,
// dense lines as column spans, and a plot's share of antialiased stroking (draw_figure.cpp
// draws everything else).
#include "ui/render/line_drawing.h"

#include "ui/render/draw_figure.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace rope::ui {

namespace {

// Qt's raster engine strokes a wide (> 1 px) antialiased polyline as one outline polygon and
// fills that; where the line doubles back on itself (a square wave, an oscillating decay curve)
// the outline overlaps itself across the whole plot and the fill costs seconds: 64 points
// alternating between the bottom and the top of a 3840×2160 image took 8 s with a 2 px pen
// (0.9 s at 1280×720), the same 63 segments drawn one by one 9 ms. The absolute panel's binary
// curves (64 positions) stalled the GUI thread for 2.6 s that way. So on raster targets a wide
// solid opaque line is drawn segment by segment. Square caps (the pen's default) close every
// joint, overlapping by half the pen width, and keep Qt's fast path for straight wide lines:
// round caps cost 30 times as much (1.1 s for 255 such segments at 3840×2160). Vector targets
// (SVG, PDF) keep the polyline: their viewer strokes it. A translucent pen keeps it too:
// overlapping caps would darken the joints.
//
// A dashed wide line took the same slow path (the outline of its dashes, filled as one
// polygon): the doctor's dashed expectation, 100 points swinging over a 2 000 px tall plot,
// 330 ms per frame (seed 2026112611). It is drawn segment by segment too, each segment's dash
// pattern offset by the length drawn before it, so the dashes run on across the joints as in
// one polyline; dashes rarely meet at a joint, so a translucent dashed pen is allowed.
//
// The width that counts is the one on the device: a non-cosmetic pen is scaled by the painter's
// transform, so a 1 px pen in an export at scale 4 (QCustomPlot::toPixmap scales the painter)
// is a 4 px stroke, and a decay figure's dense curves took the slow path there; the scale of a
// transform is sqrt|det| (exact for the uniform scales used here).
bool strokeBySegments(const QPainter& painter) {
    const QPen& pen = painter.pen();
    const QPaintEngine* engine = painter.paintEngine();
    const double deviceWidth =
        pen.widthF() * std::sqrt(std::abs(painter.deviceTransform().determinant()));
    const bool solid = pen.style() == Qt::SolidLine && pen.color().alpha() == 255;
    const bool dashed = pen.style() != Qt::SolidLine && pen.style() != Qt::NoPen;
    return engine != nullptr && engine->type() == QPaintEngine::Raster && (solid || dashed) &&
           !pen.isCosmetic() && deviceWidth > 1.0 && pen.brush().style() == Qt::SolidPattern;
}

// The polyline through \p points as separate segments; a NaN point breaks the line, as
// QCustomPlot's own polyline does.
void drawSegments(QCPPainter& painter, const QVector<QPointF>& points) {
    const QPen pen = painter.pen();
    QPen square = pen;
    square.setCapStyle(Qt::SquareCap);
    painter.setPen(square);
    const auto finite = [](const QPointF& p) {
        return std::isfinite(p.x()) && std::isfinite(p.y());
    };
    // A dash pattern is measured in pen widths (QPen::setDashOffset); the offset of a segment
    // is the length of the line before it, so the pattern continues across the joints.
    const bool dashed = pen.style() != Qt::SolidLine;
    const double unit = pen.widthF() > 0.0 ? pen.widthF() : 1.0;
    double drawn = 0.0;
    for (qsizetype k = 1; k < points.size(); ++k) {
        if (!finite(points[k - 1]) || !finite(points[k])) {
            drawn = 0.0; // a break starts the pattern again, as the polyline's would
            continue;
        }
        const QLineF segment(points[k - 1], points[k]);
        if (dashed) {
            square.setDashOffset(pen.dashOffset() + drawn / unit);
            painter.setPen(square);
            drawn += segment.length();
        }
        painter.drawLine(segment);
    }
    painter.setPen(pen);
}

// A line that swings across the plot between neighbouring pixel columns (a decay curve at b ≈ 1 or
// d = 2: c(m) = cos m jumps between −1 and 1 from one token to the next) covers a column-wide band
// of pixels, and every stroker, fast or not, pays for each pixel along it: 3 500 points alternating
// over 1 900 px are 7·10⁶ pixel steps, 60 ms for one curve with Qt's antialiased cosmetic stroker,
// and the decay panel draws up to 27 such curves (up to 1 s per frame, seeds 12655100 and
// 2026112611). Such a line looks like the set of pixels between its lowest and highest point in
// each column, so on raster targets it is drawn as that: one solid rectangle per pixel column,
// spanning the rows the polyline passes through in it (its points there and where its segments
// enter and leave), as wide as the pen. A rectangle fills its pixels with no antialiasing work, 3–6
// times faster for such a curve; what remains is the pixels themselves, each painted once
// (SpanUnion; filling the outline of the spans as one polygon took the raster engine 14 s for one
// such curve). A line whose
// pixel steps stay under kColumnSpanPixels (every smooth curve, even with thousands of points) is
// stroked as before.
constexpr double kColumnSpanPixels = 400000.0;
// Antialiased stroking costs about 9 ns a pixel step in a 1280 × 800 buffer (7·10⁶ steps in
// 60 ms, above) and 25–30 ns in a 4K one, and a figure may hold 27 dense curves (nine bases of the
// decay panel, each a mean and two band edges) each just under kColumnSpanPixels: 90–190 ms of
// one replot (GUI monkey seed 2299814007, a switch to the decay panel at 2678 × 1928). The plot's
// curves share this budget, about 20 ms of stroking at 4K: with n dense curves (over 64 points) a
// curve takes the column path above kPlotStrokePixels / n steps, never above kColumnSpanPixels
// (the default decay figure's switch at 3840 × 2160: longest turn 46–97 ms with 2.4·10⁶,
// 22–34 ms with this; tst_frame_bench panelSwitch).
constexpr double kPlotStrokePixels = 0.8e6;

// The column spans of one line, painted. Where the painter paints an image as Qt would fill it (a
// plot's paint buffer, FramePlot's: 32-bit pixels, device pixel ratio 1, full opacity,
// source-over), the spans inside the clip's interior are written straight into the pixels, and
// the rows and columns along the clip's edge still go through fillRect, so the clip stays Qt's
// to round; elsewhere every span is a fillRect.
//
// An opaque line: painting a pixel twice changes nothing, so each span is painted as it is. The
// direct writes are kept and made band by band of kBandRows rows: a span is one pixel column,
// and down a column every pixel is a new cache line of the image (a cache miss per pixel for a
// curve filling a 3 000 × 2 000 px plot: 90 ms of one panel switch at 3 008 × 1 979, GUI monkey
// seed 48213377); within a band neighbouring spans share those lines, 16 pixels to a line. The
// order of the writes changes no pixel: each is the same map p ↦ s + p·(255 − α)/255.
//
// A translucent line is painted as the union of its spans, every covered pixel once, as Qt fills
// a stroked polyline's outline once: a wide pen's spans overlap their neighbours by all but one
// column, and a line that comes back along itself (the base-bound panel's shaded bars, out and
// back, 83 of them at 2361 × 1194: 100 ms, GUI monkey seed 1180774319) covers its pixels again;
// painting each span blended such a pixel up to ten times, darker, at as many writes. Each band's
// spans are marked in a byte mask of the band (in the cache), then every run of marked pixels of
// a row is painted once.
class SpanUnion {
public:
    SpanUnion(QCPPainter& painter, const QRectF& visible, const QColor& colour)
        : m_painter(painter), m_colour(colour) {
        // Every pixel the clip may show (fillRect clips the rest).
        m_area = QRect(QPoint(static_cast<int>(std::floor(visible.left())) - 1,
                              static_cast<int>(std::floor(visible.top())) - 1),
                       QPoint(static_cast<int>(std::ceil(visible.right())) + 1,
                              static_cast<int>(std::ceil(visible.bottom())) + 1));
        QPaintDevice* device = painter.device();
        if (device == nullptr || device->devType() != QInternal::Image ||
            painter.opacity() != 1.0 ||
            painter.compositionMode() != QPainter::CompositionMode_SourceOver) {
            return;
        }
        auto* image = static_cast<QImage*>(device);
        if ((image->format() != QImage::Format_RGB32 &&
             image->format() != QImage::Format_ARGB32_Premultiplied) ||
            image->devicePixelRatio() != 1.0) {
            return;
        }
        // The interior of the clip: a row or column in from its edges.
        const QRect inner = QRect(static_cast<int>(std::ceil(visible.left())) + 1,
                                  static_cast<int>(std::ceil(visible.top())) + 1,
                                  static_cast<int>(std::floor(visible.width())) - 2,
                                  static_cast<int>(std::floor(visible.height())) - 2) &
                            image->rect();
        if (inner.isEmpty()) {
            return;
        }
        m_inner = inner;
        m_bits = image->bits();
        m_stride = image->bytesPerLine();
        m_source = qPremultiply(colour.rgba());
        m_keep = 255 - qAlpha(m_source);
    }
    SpanUnion(const SpanUnion&) = delete;
    SpanUnion& operator=(const SpanUnion&) = delete;
    ~SpanUnion() { flush(); }

    /// Paints \p span (device pixels) now or at flush().
    void add(const QRect& span) {
        if (m_colour.alpha() == 255) {
            addOpaque(span);
            return;
        }
        const QRect kept = span & m_area;
        if (kept.isEmpty()) {
            return;
        }
        m_spans.push_back(kept);
        m_top = std::min(m_top, kept.top());
        m_bottom = std::max(m_bottom, kept.bottom());
        m_left = std::min(m_left, kept.left());
        m_right = std::max(m_right, kept.right());
        // A line that runs back and forth across the plot may cover a column many times: past
        // kMaxSpans (16 MB) the union so far is painted, and a pixel covered again after that
        // is painted again.
        if (m_spans.size() >= kMaxSpans) {
            flush();
        }
    }

    /// Paints the spans added so far.
    void flush() {
        if (m_spans.empty()) {
            return;
        }
        if (m_colour.alpha() == 255) {
            flushOpaque();
            return;
        }
        const int width = m_right - m_left + 1;
        // Each band's spans, by index.
        const int bands = (m_bottom - m_top) / kBandRows + 1;
        std::vector<std::vector<std::uint32_t>> inBand(static_cast<std::size_t>(bands));
        for (std::size_t k = 0; k < m_spans.size(); ++k) {
            const int first = (m_spans[k].top() - m_top) / kBandRows;
            const int last = (m_spans[k].bottom() - m_top) / kBandRows;
            for (int b = first; b <= last; ++b) {
                inBand[static_cast<std::size_t>(b)].push_back(static_cast<std::uint32_t>(k));
            }
        }
        std::vector<std::uint8_t> mask;
        for (int b = 0; b < bands; ++b) {
            const std::vector<std::uint32_t>& spans = inBand[static_cast<std::size_t>(b)];
            if (spans.empty()) {
                continue;
            }
            const int bandTop = m_top + b * kBandRows;
            const int bandBottom = std::min(m_bottom, bandTop + kBandRows - 1);
            mask.assign(static_cast<std::size_t>(bandBottom - bandTop + 1) * width, 0);
            for (const std::uint32_t k : spans) {
                const QRect& span = m_spans[k];
                for (int y = std::max(span.top(), bandTop); y <= std::min(span.bottom(), bandBottom);
                     ++y) {
                    std::uint8_t* row = mask.data() + static_cast<std::size_t>(y - bandTop) * width;
                    std::fill(row + (span.left() - m_left), row + (span.right() - m_left) + 1, 1);
                }
            }
            for (int y = bandTop; y <= bandBottom; ++y) {
                const std::uint8_t* row =
                    mask.data() + static_cast<std::size_t>(y - bandTop) * width;
                for (int x = 0; x < width;) {
                    if (row[x] == 0) {
                        ++x;
                        continue;
                    }
                    int end = x;
                    while (end + 1 < width && row[end + 1] != 0) {
                        ++end;
                    }
                    paintRun(y, m_left + x, m_left + end);
                    x = end + 1;
                }
            }
        }
        m_spans.clear();
        m_top = m_left = std::numeric_limits<int>::max();
        m_bottom = m_right = std::numeric_limits<int>::min();
    }

private:
    // A band of 64 rows of a plot up to 4 000 px wide is a 256 KB mask, in the cache, and a
    // span's 64 rows of the image 4 KB.
    static constexpr int kBandRows = 64;
    static constexpr std::size_t kMaxSpans = std::size_t{1} << 20;

    // The part of an opaque span inside the clip's interior is kept for flushOpaque(); the rows
    // left above and below it (all of it when its columns are not all inside) are filled now.
    void addOpaque(const QRect& span) {
        const QRect inside = span & m_inner;
        if (m_bits == nullptr || inside.isEmpty() || inside.left() != span.left() ||
            inside.right() != span.right()) {
            m_painter.fillRect(span, m_colour);
            return;
        }
        m_spans.push_back(inside);
        m_top = std::min(m_top, inside.top());
        m_bottom = std::max(m_bottom, inside.bottom());
        const QRect above(QPoint(span.left(), span.top()), QPoint(span.right(), inside.top() - 1));
        const QRect below(QPoint(span.left(), inside.bottom() + 1),
                          QPoint(span.right(), span.bottom()));
        for (const QRect& rest : {above, below}) {
            if (!rest.isEmpty()) {
                m_painter.fillRect(rest, m_colour);
            }
        }
        if (m_spans.size() >= kMaxSpans) {
            flush();
        }
    }

    // The kept opaque spans, written band by band.
    void flushOpaque() {
        for (int bandTop = m_top; bandTop <= m_bottom; bandTop += kBandRows) {
            const int bandBottom = std::min(m_bottom, bandTop + kBandRows - 1);
            for (const QRect& span : m_spans) {
                for (int y = std::max(span.top(), bandTop);
                     y <= std::min(span.bottom(), bandBottom); ++y) {
                    auto* row =
                        reinterpret_cast<quint32*>(m_bits + static_cast<qsizetype>(y) * m_stride);
                    std::fill(row + span.left(), row + span.right() + 1, m_source);
                }
            }
        }
        m_spans.clear();
        m_top = m_left = std::numeric_limits<int>::max();
        m_bottom = m_right = std::numeric_limits<int>::min();
    }

    // Pixels [x0, x1] of row y: written where inside the clip's interior, filled elsewhere.
    void paintRun(int y, int x0, int x1) {
        if (m_bits == nullptr || y < m_inner.top() || y > m_inner.bottom()) {
            m_painter.fillRect(QRect(QPoint(x0, y), QPoint(x1, y)), m_colour);
            return;
        }
        const int a = std::max(x0, m_inner.left());
        const int b = std::min(x1, m_inner.right());
        if (x0 < a) {
            m_painter.fillRect(QRect(QPoint(x0, y), QPoint(std::min(x1, a - 1), y)), m_colour);
        }
        if (b < x1) {
            m_painter.fillRect(QRect(QPoint(std::max(x0, b + 1), y), QPoint(x1, y)), m_colour);
        }
        if (a > b) {
            return;
        }
        auto* row = reinterpret_cast<quint32*>(m_bits + static_cast<qsizetype>(y) * m_stride);
        if (m_keep == 0) {
            std::fill(row + a, row + b + 1, m_source);
            return;
        }
        for (int x = a; x <= b; ++x) {
            row[x] = m_source + scaled(row[x], m_keep);
        }
    }

    // Each 8-bit channel of a premultiplied pixel times a/255, rounded (source-over keeps
    // a destination scaled by 255 − the source's alpha).
    static quint32 scaled(quint32 pixel, quint32 a) {
        quint32 out = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            const quint32 t = ((pixel >> shift) & 0xffu) * a;
            out |= (((t + (t >> 8) + 128u) >> 8) & 0xffu) << shift;
        }
        return out;
    }

    QCPPainter& m_painter;
    QColor m_colour;
    QRect m_area;
    uchar* m_bits = nullptr;
    qsizetype m_stride = 0;
    QRect m_inner;
    quint32 m_source = 0;
    quint32 m_keep = 0;
    std::vector<QRect> m_spans;
    int m_top = std::numeric_limits<int>::max();
    int m_bottom = std::numeric_limits<int>::min();
    int m_left = std::numeric_limits<int>::max();
    int m_right = std::numeric_limits<int>::min();
};

bool drawAsColumnSpans(QCPPainter& painter, const QVector<QPointF>& points,
                       double threshold = kColumnSpanPixels) {
    const QPen& pen = painter.pen();
    const QPaintEngine* engine = painter.paintEngine();
    const QTransform toDevice = painter.deviceTransform();
    if (engine == nullptr || engine->type() != QPaintEngine::Raster ||
        painter.device() == nullptr || pen.style() != Qt::SolidLine ||
        pen.brush().style() != Qt::SolidPattern || toDevice.type() > QTransform::TxScale ||
        points.size() < 64) {
        return false;
    }
    // Everything in device pixels: QCustomPlot's painter is shifted by half a pixel (and an
    // export's is scaled), so columns and rows are those of the device, and the rectangles
    // are filled with the transform reset, as whole pixels.
    const double scale = std::sqrt(std::abs(toDevice.determinant()));
    const double penDevice = pen.isCosmetic() ? std::max(1.0, pen.widthF())
                                              : std::max(1.0, pen.widthF() * scale);
    const auto finite = [](const QPointF& p) {
        return std::isfinite(p.x()) && std::isfinite(p.y());
    };
    double steps = 0.0;
    for (qsizetype k = 1; k < points.size(); ++k) {
        if (finite(points[k - 1]) && finite(points[k])) {
            const QPointF d = points[k] - points[k - 1];
            steps += std::max(std::abs(d.x()), std::abs(d.y()));
        }
    }
    if (steps * scale * penDevice < threshold) {
        return false;
    }
    // The columns that can show: the clip (QCustomPlot clips a graph to its axis rectangle)
    // within the device.
    QRectF visible(0, 0, painter.device()->width(), painter.device()->height());
    if (painter.hasClipping()) {
        visible &= toDevice.mapRect(painter.clipBoundingRect());
    }
    const double visibleFirst = std::floor(visible.left()) - 1.0;
    const double visibleLast = std::ceil(visible.right()) + 1.0;
    // A pen w pixels wide: a span w columns wide, and (w − 1)/2 rows longer at each end.
    const int columns = std::max(1, static_cast<int>(std::lround(penDevice)));
    const double extra = 0.5 * (penDevice - 1.0);
    const QColor colour = pen.color();
    painter.save();
    painter.resetTransform();
    painter.setRenderHint(QPainter::Antialiasing, false);
    SpanUnion spans(painter, visible, colour);
    const auto flush = [&](double column, double low, double high) {
        if (column < visibleFirst || column > visibleLast) {
            return; // off the device (and perhaps past int's range: a point far off the plot)
        }
        // A 1 px line through y covers the pixel row floor(y).
        const double top = std::floor(std::max(low - extra, visible.top() - 1.0));
        const double bottom = std::floor(std::min(high + extra, visible.bottom() + 1.0));
        if (bottom < top) {
            return;
        }
        const QRect span(static_cast<int>(column) - (columns - 1) / 2, static_cast<int>(top),
                         columns, static_cast<int>(bottom - top) + 1);
        spans.add(span);
    };
    bool open = false;
    double current = 0.0;
    double low = 0.0;
    double high = 0.0;
    QPointF previous;
    for (qsizetype k = 0; k < points.size(); ++k) {
        if (!finite(points[k])) {
            if (open) {
                flush(current, low, high);
            }
            open = false;
            continue;
        }
        const QPointF p = toDevice.map(points[k]);
        const double c = std::floor(p.x());
        if (open && c == current) {
            low = std::min(low, p.y());
            high = std::max(high, p.y());
            previous = p;
            continue;
        }
        if (open) {
            // The segment from the previous point leaves its column, crosses any columns
            // between (a line that is not dense there) and enters this one: each column gets
            // the rows the segment passes through in it, so the spans are the line itself.
            const QPointF a = previous;
            const auto yAt = [&](double x) {
                return a.y() + (p.y() - a.y()) * (x - a.x()) / (p.x() - a.x());
            };
            const bool right = c > current;
            // A column's edge facing the new point (towards) or the previous one.
            const auto towards = [&](double col) { return right ? col + 1.0 : col; };
            const auto away = [&](double col) { return right ? col : col + 1.0; };
            const double leave = yAt(towards(current));
            flush(current, std::min(low, leave), std::max(high, leave));
            // Only the columns that can show (a point off the plot may lie far away).
            const double first = std::max(std::min(current, c) + 1.0, visibleFirst);
            const double last = std::min(std::max(current, c) - 1.0, visibleLast);
            for (double between = first; between <= last; between += 1.0) {
                const double in = yAt(away(between));
                const double out = yAt(towards(between));
                flush(between, std::min(in, out), std::max(in, out));
            }
            const double enter = yAt(away(c));
            low = std::min(enter, p.y());
            high = std::max(enter, p.y());
        } else {
            low = high = p.y();
        }
        current = c;
        previous = p;
        open = true;
    }
    if (open) {
        flush(current, low, high);
    }
    spans.flush(); // before anything drawn after the curve, with the transform reset
    painter.restore();
    return true;
}

// A legend icon must be readable where a dense curve's 1-px line is not: the icon's line is at
// least 2 px (times the presentation scale) and opaque. A band (two translucent edge lines)
// shows as two thin lines around an opaque centre line.
void drawLegendLine(QCPPainter* painter, const QRectF& rect, QPen pen, bool band, double scale) {
    const double y = rect.center().y();
    if (band) {
        QPen edge = pen;
        edge.setWidthF(std::max(1.0, scale));
        painter->setPen(edge);
        painter->drawLine(QLineF(rect.left(), rect.top() + 1, rect.right(), rect.top() + 1));
        painter->drawLine(QLineF(rect.left(), rect.bottom() - 1, rect.right(), rect.bottom() - 1));
        return;
    }
    pen.setWidthF(std::max(pen.widthF(), 2.0 * scale));
    QColor c = pen.color();
    if (pen.style() == Qt::SolidLine && c.alpha() >= 100) {
        c.setAlpha(255);
    }
    pen.setColor(c);
    painter->setPen(pen);
    painter->drawLine(QLineF(rect.left(), y, rect.right(), y));
}

// The pixel steps above which \p plottable's line takes the column path when drawn with
// \p painter: its share of the plot's stroke budget (shareStrokeBudget()) on screen, where a
// replot blocks the GUI thread; kColumnSpanPixels in a scaled export (a PNG at more than 96
// dpi), which is drawn on the exports' thread and keeps antialiased lines.
double columnSpanThreshold(const QCPAbstractPlottable& plottable, const QPainter& painter) {
    const QVariant share = plottable.property("ropeColumnSpanSteps");
    const QTransform toDevice = painter.deviceTransform();
    const bool unscaled = std::abs(std::abs(toDevice.determinant()) - 1.0) < 1e-9;
    return share.isValid() && unscaled ? share.toDouble() : kColumnSpanPixels;
}

} // namespace

void shareStrokeBudget(QCustomPlot& plot) {
    std::vector<QCPAbstractPlottable*> dense;
    for (int k = 0; k < plot.plottableCount(); ++k) {
        QCPAbstractPlottable* p = plot.plottable(k);
        const auto* graph = qobject_cast<QCPGraph*>(p);
        const auto* curve = qobject_cast<QCPCurve*>(p);
        if ((graph != nullptr && graph->dataCount() > 64) ||
            (curve != nullptr && curve->dataCount() > 64)) {
            dense.push_back(p);
        }
    }
    const double share =
        std::min(kColumnSpanPixels, kPlotStrokePixels / static_cast<double>(dense.size()));
    for (QCPAbstractPlottable* p : dense) {
        p->setProperty("ropeColumnSpanSteps", share);
    }
}

namespace {

// QCPGraph and QCPCurve whose line goes through strokeBySegments().
class SegmentedGraph : public QCPGraph {
public:
    using QCPGraph::QCPGraph;

protected:
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override {
        if (lineStyle() == lsNone) {
            QCPGraph::drawLegendIcon(painter, rect);
            return;
        }
        applyDefaultAntialiasingHint(painter);
        const QVariant scale = parentPlot()->property("ropePenScale");
        drawLegendLine(painter, rect, pen(), property("ropeBand").toBool(),
                       scale.isValid() ? scale.toDouble() : 1.0);
    }

    void drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const override {
        if (painter->pen().style() != Qt::NoPen &&
            drawAsColumnSpans(*painter, lines, columnSpanThreshold(*this, *painter))) {
            return;
        }
        if (!strokeBySegments(*painter)) {
            QCPGraph::drawLinePlot(painter, lines);
            return;
        }
        applyDefaultAntialiasingHint(painter);
        drawSegments(*painter, lines);
    }
};

class SegmentedCurve : public QCPCurve {
public:
    using QCPCurve::QCPCurve;

protected:
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override {
        applyDefaultAntialiasingHint(painter);
        const QVariant scale = parentPlot()->property("ropePenScale");
        drawLegendLine(painter, rect, pen(), false, scale.isValid() ? scale.toDouble() : 1.0);
    }

    void drawCurveLine(QCPPainter* painter, const QVector<QPointF>& lines) const override {
        if (painter->pen().style() != Qt::NoPen &&
            drawAsColumnSpans(*painter, lines, columnSpanThreshold(*this, *painter))) {
            return;
        }
        if (!strokeBySegments(*painter)) {
            QCPCurve::drawCurveLine(painter, lines);
            return;
        }
        applyDefaultAntialiasingHint(painter);
        drawSegments(*painter, lines);
    }
};

} // namespace

QCPGraph* addLineGraph(QCPAxis* key, QCPAxis* value) {
    return new SegmentedGraph(key, value);
}

QCPCurve* addLineCurve(QCPAxis* key, QCPAxis* value) {
    return new SegmentedCurve(key, value);
}

} // namespace rope::ui
