// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/label_layout.h"

#include "ui/render/draw_figure.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

namespace rope::ui {

using figures::LabelPlace;
using figures::TextLabel;

namespace {

// What a label item carries for placeLabels(): how it may move, its anchor in data
// coordinates and the side it tries first.
constexpr const char* kPlace = "ropeLabelPlace";
constexpr const char* kAnchor = "ropeLabelAnchor";
constexpr const char* kSide = "ropeLabelSide";
// TextLabel::xWithin, when set (a QPointF of the interval's ends).
constexpr const char* kWithin = "ropeLabelWithin";
// A leader line placeLabels() drew (removed and redrawn on each pass).
constexpr const char* kLeader = "ropeLabelLeader";

// How much a label may cover of each kind of thing, as a cost per grid cell: text and an inset
// legend never (they would be unreadable), a marker or an arrow head hardly (it hides the data
// point the figure is about), a curve a little (a label may cross a line when every place
// nearby is worse, and the line stays visible around it).
constexpr std::uint8_t kText = 200;
constexpr std::uint8_t kMarker = 60;
constexpr std::uint8_t kCurve = 3;
// A ring further out costs as much as this many curve cells: nearer wins unless it covers
// more.
constexpr long kRingCost = 2;

// The axis rectangle in cells of kCell × kCell pixels, each holding the dearest thing drawn in
// it: a label's cost is the sum over the cells its box covers. Cells keep the search cheap (a
// few hundred cells per box) and a few pixels of margin come with them.
class Occupancy {
public:
    static constexpr double kCell = 3.0;

    explicit Occupancy(const QRectF& area)
        : m_area(area), m_columns(std::max(1, static_cast<int>(std::ceil(area.width() / kCell)))),
          m_rows(std::max(1, static_cast<int>(std::ceil(area.height() / kCell)))),
          m_cells(static_cast<std::size_t>(m_columns) * static_cast<std::size_t>(m_rows), 0) {}

    void mark(const QRectF& box, std::uint8_t weight) {
        int c0, c1, r0, r1;
        if (!cellsOf(box, c0, c1, r0, r1)) {
            return;
        }
        for (int r = r0; r <= r1; ++r) {
            for (int c = c0; c <= c1; ++c) {
                std::uint8_t& cell = m_cells[index(c, r)];
                cell = std::max(cell, weight);
            }
        }
    }

    // A segment, one cell wide, sampled every half cell (clipped to the area).
    void markSegment(QPointF a, QPointF b, std::uint8_t weight) {
        if (!std::isfinite(a.x()) || !std::isfinite(a.y()) || !std::isfinite(b.x()) ||
            !std::isfinite(b.y())) {
            return;
        }
        const QRectF reach = m_area.adjusted(-kCell, -kCell, kCell, kCell);
        if ((a.x() < reach.left() && b.x() < reach.left()) ||
            (a.x() > reach.right() && b.x() > reach.right()) ||
            (a.y() < reach.top() && b.y() < reach.top()) ||
            (a.y() > reach.bottom() && b.y() > reach.bottom())) {
            return;
        }
        const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
        // A segment far longer than the area (a nearly vertical line on a log axis) is cut to
        // what the area can hold.
        const int steps = static_cast<int>(
            std::min(std::ceil(length / (0.5 * kCell)), 4.0 * (m_columns + m_rows)));
        for (int k = 0; k <= steps; ++k) {
            const double t = steps > 0 ? static_cast<double>(k) / steps : 0.0;
            const QPointF p = a + t * (b - a);
            if (!reach.contains(p)) {
                continue;
            }
            const int c = std::clamp(static_cast<int>((p.x() - m_area.left()) / kCell), 0,
                                     m_columns - 1);
            const int r =
                std::clamp(static_cast<int>((p.y() - m_area.top()) / kCell), 0, m_rows - 1);
            std::uint8_t& cell = m_cells[index(c, r)];
            cell = std::max(cell, weight);
        }
    }

    long cost(const QRectF& box) const {
        int c0, c1, r0, r1;
        if (!cellsOf(box, c0, c1, r0, r1)) {
            return 0;
        }
        long sum = 0;
        for (int r = r0; r <= r1; ++r) {
            for (int c = c0; c <= c1; ++c) {
                sum += m_cells[index(c, r)];
            }
        }
        return sum;
    }

private:
    std::size_t index(int c, int r) const {
        return static_cast<std::size_t>(r) * static_cast<std::size_t>(m_columns) +
               static_cast<std::size_t>(c);
    }
    bool cellsOf(const QRectF& box, int& c0, int& c1, int& r0, int& r1) const {
        const QRectF b = box.intersected(m_area);
        if (b.isEmpty()) {
            return false;
        }
        c0 = std::clamp(static_cast<int>((b.left() - m_area.left()) / kCell), 0, m_columns - 1);
        c1 = std::clamp(static_cast<int>((b.right() - m_area.left() - 1e-9) / kCell), 0,
                        m_columns - 1);
        r0 = std::clamp(static_cast<int>((b.top() - m_area.top()) / kCell), 0, m_rows - 1);
        r1 = std::clamp(static_cast<int>((b.bottom() - m_area.top() - 1e-9) / kCell), 0,
                        m_rows - 1);
        return true;
    }

    QRectF m_area;
    int m_columns;
    int m_rows;
    std::vector<std::uint8_t> m_cells;
};

// The box a text item's text takes, centred on \p centre, with a pixel of air around it.
QRectF textBox(const QCPItemText& item, QPointF centre) {
    const QFontMetricsF metrics(item.font());
    const QRectF text =
        metrics.boundingRect(QRectF(0, 0, 0, 0), Qt::TextDontClip | Qt::AlignCenter, item.text());
    const QMargins pad = item.padding();
    const double w = text.width() + pad.left() + pad.right() + 2.0;
    const double h = text.height() + pad.top() + pad.bottom() + 2.0;
    return {centre.x() - 0.5 * w, centre.y() - 0.5 * h, w, h};
}

// \p box moved (not shrunk) to lie inside \p area; centred on it when larger.
QRectF keptInside(QRectF box, const QRectF& area) {
    if (box.width() >= area.width()) {
        box.moveLeft(area.center().x() - 0.5 * box.width());
    } else {
        box.moveLeft(std::clamp(box.left(), area.left(), area.right() - box.width()));
    }
    if (box.height() >= area.height()) {
        box.moveTop(area.center().y() - 0.5 * box.height());
    } else {
        box.moveTop(std::clamp(box.top(), area.top(), area.bottom() - box.height()));
    }
    return box;
}

// The point of \p box nearest to \p p.
QPointF nearestOnBox(const QRectF& box, QPointF p) {
    return {std::clamp(p.x(), box.left(), box.right()), std::clamp(p.y(), box.top(), box.bottom())};
}

// Everything drawn in \p rect that a label must not cover: markers, arrow heads and (with
// \p curves) curves of the plottables and arrows on these axes, and (with \p legend) an inset
// legend.
void markDrawn(QCustomPlot& plot, QCPAxisRect* rect, Occupancy& grid, bool curves = true,
               bool legend = true) {
    const double scale = penScale(plot);
    for (int k = 0; k < plot.plottableCount(); ++k) {
        QCPAbstractPlottable* p = plot.plottable(k);
        if (p->keyAxis() == nullptr || p->keyAxis()->axisRect() != rect || !p->visible()) {
            continue;
        }
        QCPAxis* xAxis = p->keyAxis();
        QCPAxis* yAxis = p->valueAxis();
        // A translucent pen shades an area (a series drawn faint: many thin lines side by
        // side); a label may sit on a shaded area as on the background.
        const bool shading = p->pen().color().alpha() < 128;
        const auto toPixel = [&](double x, double y) {
            return QPointF(xAxis->coordToPixel(x), yAxis->coordToPixel(y));
        };
        const auto markPath = [&](const std::vector<QPointF>& points, bool line, double marker) {
            for (std::size_t i = 0; i < points.size(); ++i) {
                if (marker > 0 && std::isfinite(points[i].x()) && std::isfinite(points[i].y())) {
                    grid.mark(QRectF(points[i].x() - marker, points[i].y() - marker, 2 * marker,
                                     2 * marker),
                              kMarker);
                }
                if (line && i + 1 < points.size()) {
                    grid.markSegment(points[i], points[i + 1], kCurve);
                }
            }
        };
        if (auto* graph = qobject_cast<QCPGraph*>(p)) {
            const bool markers = graph->scatterStyle().shape() != QCPScatterStyle::ssNone;
            const bool line = curves && !shading && graph->lineStyle() != QCPGraph::lsNone;
            if (!markers && !line) {
                continue; // (the legend's pass: a dense curve without markers costs nothing)
            }
            std::vector<QPointF> points;
            points.reserve(static_cast<std::size_t>(graph->data()->size()));
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
                points.push_back(std::isfinite(it->key) && std::isfinite(it->value)
                                     ? toPixel(it->key, it->value)
                                     : QPointF(qQNaN(), qQNaN()));
            }
            markPath(points, line, markers ? 0.5 * graph->scatterStyle().size() + 2.0 : 0.0);
        } else if (auto* curve = qobject_cast<QCPCurve*>(p)) {
            if (!curves || shading || curve->lineStyle() == QCPCurve::lsNone) {
                continue; // a curve has no markers: nothing to mark without its line
            }
            std::vector<QPointF> points;
            points.reserve(static_cast<std::size_t>(curve->data()->size()));
            for (auto it = curve->data()->constBegin(); it != curve->data()->constEnd(); ++it) {
                points.push_back(std::isfinite(it->key) && std::isfinite(it->value)
                                     ? toPixel(it->key, it->value)
                                     : QPointF(qQNaN(), qQNaN()));
            }
            markPath(points, true, 0.0);
        } else if (auto* bars = qobject_cast<QCPBars*>(p)) {
            for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
                const QPointF a = toPixel(it->key - 0.5 * bars->width(), 0.0);
                const QPointF b = toPixel(it->key + 0.5 * bars->width(), it->value);
                grid.mark(QRectF(a, b).normalized(), kMarker);
            }
        }
    }
    for (int k = 0; k < plot.itemCount(); ++k) {
        auto* line = qobject_cast<QCPItemLine*>(plot.item(k));
        if (line == nullptr || line->property(kLeader).toBool() || line->clipAxisRect() != rect) {
            continue;
        }
        const QPointF a = line->start->pixelPosition();
        const QPointF b = line->end->pixelPosition();
        if (curves) {
            grid.markSegment(a, b, kCurve);
        }
        if (line->head().style() != QCPLineEnding::esNone) {
            const double half = 0.5 * line->head().length() + 2.0 * scale;
            grid.mark(QRectF(b.x() - half, b.y() - half, 2 * half, 2 * half), kMarker);
        }
    }
    // The renderer's own texts over the axes (an upright axis label just above them, a side
    // plot's title): not a figure's labels, but no label may cover them either.
    for (int k = 0; k < plot.itemCount(); ++k) {
        auto* text = qobject_cast<QCPItemText*>(plot.item(k));
        if (text == nullptr || text->property(kPlace).isValid() || !text->visible() ||
            text->text().trimmed().isEmpty()) {
            continue;
        }
        const QRectF box =
            QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
        if (box.intersects(rect->rect())) {
            grid.mark(box, kText);
        }
    }
    if (legend && plot.legend != nullptr && plot.legend->visible() &&
        plot.legend->layout() == rect->insetLayout()) {
        grid.mark(plot.legend->outerRect(), kText);
    }
}

struct Direction {
    double dx;
    double dy;
};

// Right first (a label reads away from its point), then above, below, left, the corners, and
// half-way along the top and bottom sides.
constexpr std::array<Direction, 12> kDirections = {{{1, 0},
                                                    {0, -1},
                                                    {0, 1},
                                                    {-1, 0},
                                                    {1, -1},
                                                    {1, 1},
                                                    {-1, -1},
                                                    {-1, 1},
                                                    {0.5, -1},
                                                    {-0.5, -1},
                                                    {0.5, 1},
                                                    {-0.5, 1}}};

// kDirections, those closest to \p side first (pixel y grows downwards: AlignTop is dy < 0).
std::vector<Direction> directionsFor(Qt::Alignment side) {
    std::vector<Direction> order(kDirections.begin(), kDirections.end());
    const double sx = side.testFlag(Qt::AlignRight)  ? 1.0
                      : side.testFlag(Qt::AlignLeft) ? -1.0
                                                     : 0.0;
    const double sy = side.testFlag(Qt::AlignTop)      ? -1.0
                      : side.testFlag(Qt::AlignBottom) ? 1.0
                                                       : 0.0;
    if (sx == 0.0 && sy == 0.0) {
        return order;
    }
    std::stable_sort(order.begin(), order.end(), [sx, sy](const Direction& a, const Direction& b) {
        const auto closeness = [sx, sy](const Direction& d) {
            return (d.dx * sx + d.dy * sy) / std::hypot(d.dx, d.dy);
        };
        return closeness(a) > closeness(b);
    });
    return order;
}

// The label's box for its place: the first candidate that covers nothing, in order of
// distance (rings) and side; else the cheapest.
QRectF chooseBox(const QCPItemText& item, LabelPlace place, Qt::Alignment side, QPointF anchor,
                 const QRectF& area, const Occupancy& grid, double lineHeight, double scale) {
    const QRectF centred = textBox(item, anchor);
    const double hw = 0.5 * centred.width();
    const double hh = 0.5 * centred.height();
    const std::vector<Direction> order = directionsFor(side);
    QRectF best = keptInside(centred, area);
    long bestScore = std::numeric_limits<long>::max();
    const auto consider = [&](const QRectF& box, int ring) {
        const QRectF inside = keptInside(box, area);
        const long covered = grid.cost(inside);
        const long score = covered + kRingCost * ring;
        if (score < bestScore) {
            bestScore = score;
            best = inside;
        }
        // A place that covers nothing ends the search: every later one is as far or further.
        return covered == 0;
    };
    constexpr int kRings = 16;
    const double step = 0.5 * lineHeight;
    if (place == LabelPlace::Near) {
        if (consider(centred, 0)) {
            return best;
        }
        for (int ring = 1; ring <= kRings; ++ring) {
            for (const Direction& d : order) {
                const double norm = std::hypot(d.dx, d.dy);
                const QPointF centre = anchor + QPointF(d.dx / norm, d.dy / norm) * (ring * step);
                if (consider(QRectF(centre.x() - hw, centre.y() - hh, 2 * hw, 2 * hh), ring)) {
                    return best;
                }
            }
        }
        return best;
    }
    // Beside: the box's edge (or corner) a clearance r from the point, r growing by half a
    // line per ring.
    const double clearance = 3.0 * scale;
    for (int ring = 0; ring <= kRings; ++ring) {
        const double r = clearance + ring * step;
        for (const Direction& d : order) {
            const QPointF centre = anchor + QPointF(d.dx * (hw + r), d.dy * (hh + r));
            // The text's size does not change with its place: one layout of it serves all.
            if (consider(QRectF(centre.x() - hw, centre.y() - hh, 2 * hw, 2 * hh), ring)) {
                return best;
            }
        }
    }
    return best;
}

} // namespace

void addLabels(QCustomPlot& plot, QCPAxisRect* rect, const std::vector<TextLabel>& labels,
               double fontScale, const QColor& colour) {
    QFont font = plot.font();
    font.setPointSizeF(font.pointSizeF() * fontScale);
    for (const TextLabel& l : labels) {
        auto* text = new QCPItemText(&plot);
        text->setClipAxisRect(rect);
        text->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        text->position->setCoords(l.x, l.y);
        text->setFont(font);
        text->setColor(l.onDark ? QColor(Qt::white) : colour);
        text->setText(l.text);
        text->setProperty(kPlace, static_cast<int>(l.place));
        text->setProperty(kAnchor, QPointF(l.x, l.y));
        text->setProperty(kSide, static_cast<int>(l.side));
        if (l.xWithin) {
            text->setProperty(kWithin, QPointF(l.xWithin->first, l.xWithin->second));
        }
    }
}

void placeInsetLegend(QCustomPlot& plot) {
    QCPLegend* legend = plot.legend;
    QCPAxisRect* rect = plot.axisRect();
    if (legend == nullptr || rect == nullptr || !legend->visible() ||
        legend->layout() != rect->insetLayout() || rect->width() <= 0 || rect->height() <= 0) {
        return;
    }
    QCPLayoutInset* inset = rect->insetLayout();
    const int index = static_cast<int>(inset->elements(false).indexOf(legend));
    if (index < 0 || inset->insetPlacement(index) != QCPLayoutInset::ipBorderAligned) {
        return;
    }
    // The figure's corner (drawFigure() keeps it beside the corner in use).
    const QVariant figureCorner = legend->property("ropeFigureCorner");
    const Qt::Alignment preferred = figureCorner.isValid()
                                        ? Qt::Alignment(figureCorner.toInt())
                                        : inset->insetAlignment(index);
    const QRectF area = rect->rect();
    Occupancy grid(area);
    markDrawn(plot, rect, grid, false, false);
    const QSizeF size = legend->outerRect().size();
    const QMargins margins = inset->margins();
    const auto boxAt = [&](Qt::Alignment corner) {
        const double x = corner.testFlag(Qt::AlignLeft)
                             ? area.left() + margins.left()
                             : area.right() - margins.right() - size.width();
        const double y = corner.testFlag(Qt::AlignTop)
                             ? area.top() + margins.top()
                             : area.bottom() - margins.bottom() - size.height();
        return QRectF(QPointF(x, y), size);
    };
    Qt::Alignment best = preferred;
    long bestCost = grid.cost(boxAt(preferred));
    // The figure's corner unless the legend would hide a marker there and another corner hides
    // fewer: the corners in the order the figure would least mind (the same side first).
    if (bestCost > 0) {
        const Qt::Alignment h = preferred & Qt::AlignHorizontal_Mask;
        const Qt::Alignment v = preferred & Qt::AlignVertical_Mask;
        const Qt::Alignment otherH = h.testFlag(Qt::AlignLeft) ? Qt::AlignRight : Qt::AlignLeft;
        const Qt::Alignment otherV = v.testFlag(Qt::AlignTop) ? Qt::AlignBottom : Qt::AlignTop;
        for (const Qt::Alignment corner : {h | otherV, otherH | v, otherH | otherV}) {
            const long cost = grid.cost(boxAt(corner));
            if (cost < bestCost) {
                best = corner;
                bestCost = cost;
            }
        }
    }
    if (best != inset->insetAlignment(index)) {
        inset->setInsetAlignment(index, best);
        inset->update(QCPLayoutElement::upLayout);
    }
}

void placeLabels(QCustomPlot& plot) {
    // The texts of each axis rectangle, fixed ones first: they are where they are, and the
    // movable ones keep clear of them.
    std::vector<QCPItemText*> texts;
    bool movable = false;
    for (int k = plot.itemCount() - 1; k >= 0; --k) {
        QCPAbstractItem* item = plot.item(k);
        if (item->property(kLeader).toBool()) {
            plot.removeItem(item);
            continue;
        }
        if (auto* text = qobject_cast<QCPItemText*>(item);
            text != nullptr && text->property(kPlace).isValid()) {
            texts.push_back(text);
            movable = movable || text->property(kPlace).toInt() !=
                                     static_cast<int>(LabelPlace::Fixed);
        }
    }
    if (!movable) {
        return; // a slider frame of a figure without movable labels pays nothing more
    }
    std::reverse(texts.begin(), texts.end()); // in the figure's order
    const double scale = penScale(plot);
    for (QCPAxisRect* rect : plot.axisRects()) {
        std::vector<QCPItemText*> here;
        for (QCPItemText* t : texts) {
            if (t->clipAxisRect() == rect) {
                here.push_back(t);
            }
        }
        if (here.empty() || rect->width() <= 0 || rect->height() <= 0) {
            continue;
        }
        const QRectF area = QRectF(rect->rect()).adjusted(2, 2, -2, -2);
        Occupancy grid(area);
        markDrawn(plot, rect, grid);
        QCPAxis* xAxis = rect->axis(QCPAxis::atBottom);
        QCPAxis* yAxis = rect->axis(QCPAxis::atLeft);
        for (QCPItemText* t : here) {
            if (t->property(kPlace).toInt() == static_cast<int>(LabelPlace::Fixed)) {
                t->setPositionAlignment(Qt::AlignCenter);
                grid.mark(textBox(*t, t->position->pixelPosition()), kText);
            }
        }
        for (QCPItemText* t : here) {
            const auto place = static_cast<LabelPlace>(t->property(kPlace).toInt());
            if (place == LabelPlace::Fixed) {
                continue;
            }
            const QPointF anchorCoords = t->property(kAnchor).toPointF();
            const QPointF anchor(xAxis->coordToPixel(anchorCoords.x()),
                                 yAxis->coordToPixel(anchorCoords.y()));
            const double lineHeight = QFontMetricsF(t->font()).height();
            if (!std::isfinite(anchor.x()) || !std::isfinite(anchor.y())) {
                continue;
            }
            QRectF room = area;
            if (const QVariant within = t->property(kWithin); within.isValid()) {
                const double a = xAxis->coordToPixel(within.toPointF().x());
                const double b = xAxis->coordToPixel(within.toPointF().y());
                const QRectF band(std::min(a, b), area.top(), std::abs(b - a), area.height());
                if (band.intersects(area)) {
                    room = band.intersected(area);
                }
            }
            const QRectF box =
                chooseBox(*t, place, Qt::Alignment(t->property(kSide).toInt()), anchor, room,
                          grid, lineHeight, scale);
            t->setPositionAlignment(Qt::AlignCenter);
            t->position->setCoords(xAxis->pixelToCoord(box.center().x()),
                                   yAxis->pixelToCoord(box.center().y()));
            grid.mark(box, kText);
            // A label that had to move away from its point gets a thin line to it, so the
            // reader still knows what it names.
            const QPointF edge = nearestOnBox(box, anchor);
            const double away = std::hypot(edge.x() - anchor.x(), edge.y() - anchor.y());
            if (away > 0.9 * lineHeight + 3.0 * scale) {
                auto* leader = new QCPItemLine(&plot);
                leader->setProperty(kLeader, true);
                leader->setClipAxisRect(rect);
                leader->start->setAxes(xAxis, yAxis);
                leader->end->setAxes(xAxis, yAxis);
                // From just off the point to the box's nearest edge.
                const double gap = std::min(3.0 * scale, 0.3 * away);
                const QPointF from = anchor + (edge - anchor) * (gap / away);
                leader->start->setCoords(xAxis->pixelToCoord(from.x()),
                                         yAxis->pixelToCoord(from.y()));
                leader->end->setCoords(xAxis->pixelToCoord(edge.x()),
                                       yAxis->pixelToCoord(edge.y()));
                QColor colour = t->color();
                colour.setAlphaF(0.6f);
                leader->setPen(QPen(colour, 1.0 * scale));
                grid.markSegment(from, edge, kCurve);
            }
        }
    }
}

std::vector<PlacedLabel> placedLabels(QCustomPlot& plot) {
    std::vector<PlacedLabel> out;
    for (int k = 0; k < plot.itemCount(); ++k) {
        auto* text = qobject_cast<QCPItemText*>(plot.item(k));
        if (text == nullptr || !text->property(kPlace).isValid()) {
            continue;
        }
        out.push_back({text->text(), textBox(*text, text->position->pixelPosition()),
                       static_cast<LabelPlace>(text->property(kPlace).toInt())});
    }
    return out;
}

} // namespace rope::ui
