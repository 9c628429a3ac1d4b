// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the renderer's tests share: a paint device whose engine records what it is asked to
// draw (lines, rectangles, fills) instead of drawing it, and a pixel-by-pixel comparison of two
// images.

#include <QFont>
#include <QImage>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPen>
#include <QPolygonF>
#include <QString>
#include <QStringList>
#include <QTextItem>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <vector>

namespace rope::test {

// A paint engine that draws nothing and records every line: polylines (their point count) and
// single segments, with the width of the pen they were drawn with. It reports the engine type
// it is given, so the renderer treats it as Qt's raster engine or as a vector one.
class RecordingEngine : public QPaintEngine {
public:
    explicit RecordingEngine(Type type) : QPaintEngine(QPaintEngine::AllFeatures), m_type(type) {}

    struct Polyline {
        int points = 0;
        double penWidth = 0;
    };
    std::vector<Polyline> polylines;
    int wideSegments = 0; // segments drawn one at a time with a pen wider than 1 px
    // The dash offsets of the wide dashed segments, in the order drawn.
    std::vector<double> dashOffsets;
    int rects = 0; // rectangles filled (QPainter::fillRect reaches a plain engine as these)
    // Of those, the ones over 100 × 100 px with a solid brush: a fill of a whole widget.
    int largeSolidFills = 0;
    // Every text drawn: its characters, its size in print (points: a device of D dpi prints a
    // device unit at 72/D pt), its bounding box on the device, and the page it is on.
    struct Text {
        QString text;
        double pointSize = 0;
        QRectF rect;   // the box on the device, axis-aligned (of the turned box, if turned)
        QPolygonF box; // the text's own box on the device (turned with a turned text)
        int page = 0;
    };
    std::vector<Text> texts;
    // Every marker drawn (a scatter point's circle, an arrow head's small filled polygon): its
    // box on the device and its page.
    struct Marker {
        QRectF rect;
        int page = 0;
    };
    std::vector<Marker> markers;
    int page = 0; // set by whoever starts a new page

    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState& state) override {
        if (state.state() & QPaintEngine::DirtyPen) {
            m_pen = state.pen();
        }
        if (state.state() & QPaintEngine::DirtyBrush) {
            m_brush = state.brush();
        }
        if (state.state() & QPaintEngine::DirtyTransform) {
            m_transform = state.transform();
            m_scale = std::sqrt(std::abs(m_transform.determinant()));
        }
    }
    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override {
        if (mode == PolylineMode) {
            polylines.push_back({count, penWidth()});
        } else if (count >= 3 && count <= 5) {
            // A small closed shape of a few corners: an arrow head (QCPLineEnding).
            markers.push_back({m_transform.map(QPolygonF(QList<QPointF>(points, points + count)))
                                   .boundingRect(),
                               page});
        }
    }
    void drawEllipse(const QRectF& r) override {
        markers.push_back({m_transform.mapRect(r), page}); // a scatter point (QCPScatterStyle)
    }
    void drawEllipse(const QRect& r) override { drawEllipse(QRectF(r)); }
    void drawLines(const QLineF*, int count) override {
        if (penWidth() > 1.0) {
            wideSegments += count;
            if (m_pen.style() != Qt::SolidLine) {
                dashOffsets.push_back(m_pen.dashOffset());
            }
        }
    }
    void drawRects(const QRect* r, int count) override {
        for (int k = 0; k < count; ++k) {
            const QRectF f(r[k]);
            drawRects(&f, 1);
        }
    }
    void drawRects(const QRectF* r, int count) override {
        rects += count;
        for (int k = 0; k < count; ++k) {
            if (r[k].width() > 100 && r[k].height() > 100 && m_brush.style() == Qt::SolidPattern) {
                ++largeSolidFills;
            }
        }
    }
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
    void drawPath(const QPainterPath&) override {}
    void drawTextItem(const QPointF& p, const QTextItem& item) override {
        const QFont font = item.font();
        const double dpi = paintDevice() != nullptr ? paintDevice()->logicalDpiY() : 96.0;
        // A point size is one on every device; a pixel size is in device units.
        const double points =
            font.pixelSize() > 0 ? font.pixelSize() * 72.0 / dpi : font.pointSizeF();
        const QRectF local(p.x(), p.y() - item.ascent(), item.width(),
                           item.ascent() + item.descent());
        texts.push_back({item.text(), points * m_scale, m_transform.mapRect(local),
                         m_transform.map(QPolygonF(local)), page});
    }
    Type type() const override { return m_type; }

private:
    // On the device: a non-cosmetic pen is scaled by the painter's transform (an export at
    // scale 4 draws a 1 px pen 4 px wide).
    double penWidth() const { return m_pen.isCosmetic() ? 0.0 : m_pen.widthF() * m_scale; }
    Type m_type;
    QTransform m_transform;
    QPen m_pen;
    QBrush m_brush;
    double m_scale = 1.0;
};

class RecordingDevice : public QPaintDevice {
public:
    RecordingDevice(QPaintEngine::Type type, QSize size, int dpi = 96)
        : m_engine(std::make_unique<RecordingEngine>(type)), m_size(size), m_dpi(dpi) {}
    ~RecordingDevice() override = default;
    QPaintEngine* paintEngine() const override { return m_engine.get(); }
    RecordingEngine& engine() { return *m_engine; }

protected:
    int metric(PaintDeviceMetric m) const override {
        switch (m) {
        case PdmWidth:
            return m_size.width();
        case PdmHeight:
            return m_size.height();
        case PdmWidthMM:
            return m_size.width() * 254 / (10 * m_dpi);
        case PdmHeightMM:
            return m_size.height() * 254 / (10 * m_dpi);
        case PdmNumColors:
            return 0;
        case PdmDepth:
            return 32;
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY:
            return m_dpi;
        case PdmDevicePixelRatio:
            return 1;
        case PdmDevicePixelRatioScaled:
            return static_cast<int>(devicePixelRatioFScale());
        }
        return 0;
    }

private:
    std::unique_ptr<RecordingEngine> m_engine;
    QSize m_size;
    int m_dpi = 96;
};

/// The area of a polygon (shoelace formula).
inline double polygonArea(const QPolygonF& p) {
    double twice = 0.0;
    for (qsizetype k = 0; k < p.size(); ++k) {
        const QPointF& a = p[k];
        const QPointF& b = p[(k + 1) % p.size()];
        twice += a.x() * b.y() - b.x() * a.y();
    }
    return std::abs(0.5 * twice);
}

/// The texts of \p texts drawn over each other, as "page N: 'a' overlaps 'b'". Two texts
/// overlap when their own boxes (turned with a turned text: a slanted tick label's box is not
/// its axis-aligned bounding box) share more than a sixth of the smaller one's area;
/// neighbouring runs of a line and neighbouring lines only touch. A power of ten's exponent (set
/// smaller at the upper right of its "10") and a sub- or superscript raised into the next line
/// by less than half its height are typeset so on purpose.
inline QStringList overlappingTexts(const std::vector<RecordingEngine::Text>& texts) {
    QStringList problems;
    const auto blank = [](const QString& t) { return t.trimmed().isEmpty(); };
    for (std::size_t a = 0; a < texts.size(); ++a) {
        if (blank(texts[a].text)) {
            continue;
        }
        for (std::size_t b = a + 1; b < texts.size(); ++b) {
            if (blank(texts[b].text) || texts[a].page != texts[b].page ||
                !texts[a].rect.intersects(texts[b].rect)) {
                continue;
            }
            const double ratio = std::min(texts[a].pointSize, texts[b].pointSize) /
                                 std::max(texts[a].pointSize, texts[b].pointSize);
            if (ratio < 0.9 && std::min(texts[a].text.size(), texts[b].text.size()) <= 4) {
                continue;
            }
            const QRectF both = texts[a].rect.intersected(texts[b].rect);
            const bool script =
                ratio < 0.9 || std::max(texts[a].pointSize, texts[b].pointSize) < 9.0;
            if (script &&
                both.height() < 0.5 * std::min(texts[a].rect.height(), texts[b].rect.height())) {
                continue;
            }
            const double shared = polygonArea(texts[a].box.intersected(texts[b].box));
            const double smaller =
                std::min(polygonArea(texts[a].box), polygonArea(texts[b].box));
            if (smaller > 0 && shared > smaller / 6.0) {
                problems << QStringLiteral("page %1: '%2' overlaps '%3'")
                                .arg(texts[a].page)
                                .arg(texts[a].text, texts[b].text);
            }
        }
    }
    return problems;
}

/// The texts of \p texts drawn over a marker of \p markers (covering more than a quarter of the
/// marker's box), as "page N: 'a' covers a marker at (x, y)": a label on a data point hides the
/// point it is about.
inline QStringList textsOverMarkers(const std::vector<RecordingEngine::Text>& texts,
                                    const std::vector<RecordingEngine::Marker>& markers) {
    QStringList problems;
    for (const RecordingEngine::Text& t : texts) {
        if (t.text.trimmed().isEmpty()) {
            continue;
        }
        for (const RecordingEngine::Marker& m : markers) {
            if (m.page != t.page || !t.rect.intersects(m.rect)) {
                continue;
            }
            const QRectF both = t.rect.intersected(m.rect);
            const double area = m.rect.width() * m.rect.height();
            if (area > 0 && both.width() * both.height() > 0.25 * area) {
                problems << QStringLiteral("page %1: '%2' covers a marker at (%3, %4)")
                                .arg(t.page)
                                .arg(t.text)
                                .arg(m.rect.center().x(), 0, 'f', 0)
                                .arg(m.rect.center().y(), 0, 'f', 0);
                break;
            }
        }
    }
    return problems;
}

/// How far two images of the same size are apart: the largest difference of any colour
/// channel of any pixel, and how many pixels differ at all.
struct PixelDifference {
    int largest = 0;
    int differing = 0;
};
inline PixelDifference pixelDifference(const QImage& a, const QImage& b) {
    const QImage ra = a.convertToFormat(QImage::Format_RGB32);
    const QImage rb = b.convertToFormat(QImage::Format_RGB32);
    PixelDifference d;
    for (int y = 0; y < std::min(ra.height(), rb.height()); ++y) {
        const auto* pa = reinterpret_cast<const QRgb*>(ra.constScanLine(y));
        const auto* pb = reinterpret_cast<const QRgb*>(rb.constScanLine(y));
        for (int x = 0; x < std::min(ra.width(), rb.width()); ++x) {
            const int channel = std::max({std::abs(qRed(pa[x]) - qRed(pb[x])),
                                          std::abs(qGreen(pa[x]) - qGreen(pb[x])),
                                          std::abs(qBlue(pa[x]) - qBlue(pb[x]))});
            d.largest = std::max(d.largest, channel);
            d.differing += channel > 0 ? 1 : 0;
        }
    }
    return d;
}

} // namespace rope::test
