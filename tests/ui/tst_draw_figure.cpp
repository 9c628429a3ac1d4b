// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// How drawFigure()'s lines reach the paint engine. Qt's raster engine strokes a wide
// antialiased polyline as one outline and fills it; for a line that doubles back on itself
// (the absolute panel's binary curves: 0, 1, 0, 1, … at every position) that fill took seconds
// and stalled the GUI thread (GUI monkey, seed 20261123). On a raster target such lines are now
// drawn segment by segment; vector targets keep the polyline. The test records what a paint
// engine is asked to draw, so it checks the drawing calls themselves, not a time.

#include "figures/figure_registry.h"
#include "tests/ui/paint_checks.h"
#include "ui/render/draw_figure.h"
#include "ui/render/frame_plot.h"

#include <QApplication>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <memory>

using rope::ui::FigureData;

namespace {

using rope::test::RecordingDevice;
using rope::test::RecordingEngine;

// The absolute panel's curves of the binary encoding, d = 64, P = 64: six curves (columns
// j = 0 … 63 spread evenly), 64 points each; column 0 is p mod 2, a square wave.
FigureData binaryCurves() {
    const rope::figures::Figure* figure = rope::figures::findFigure("absolute");
    if (figure == nullptr) {
        return {};
    }
    return rope::figures::figureData(*figure, rope::RopeParams{},
                                     {{QStringLiteral("view"), QStringLiteral("curves")},
                                      {QStringLiteral("scheme"), QStringLiteral("binary")},
                                      {QStringLiteral("dim"), 64},
                                      {QStringLiteral("positions"), 64}});
}

// The decay panel's default figure: five min…max bands (two edges each, fillToPrevious) around
// their mean curves, 900 points and more per series.
FigureData decayBands() {
    const rope::figures::Figure* figure = rope::figures::findFigure("decay");
    if (figure == nullptr) {
        return {};
    }
    return rope::figures::figureData(*figure, rope::RopeParams{}, {});
}

// Draws \p data on a fresh plot into a recording device of engine type \p type; \p penScale
// is the presenter window's pen factor, \p painterScale an export's pixel multiplier.
void record(const FigureData& data, RecordingDevice& device, double penScale = 1.0,
            double painterScale = 1.0) {
    QCustomPlot plot;
    plot.setProperty("ropePenScale", penScale);
    plot.resize(1280, 800);
    rope::ui::drawFigure(plot, data);
    QCPPainter painter;
    QVERIFY(painter.begin(&device));
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(painterScale, painterScale);
    plot.toPainter(&painter, 1280, 800);
    painter.end();
}

// Every wide line reached the engine as single segments: none as a polyline of more points.
void requireNoWidePolyline(const RecordingEngine& engine) {
    for (const auto& p : engine.polylines) {
        QVERIFY2(p.points <= 2 || p.penWidth <= 1.0,
                 qPrintable(QStringLiteral("a %1-point polyline with a %2 px pen")
                                .arg(p.points)
                                .arg(p.penWidth)));
    }
}

// One line swinging between −1 and +1 at every point: x = 0 … n − 1, y = ±1.
FigureData zigZag(int n, bool dashed) {
    FigureData data;
    data.title = QStringLiteral("zig-zag");
    data.xLabel = QStringLiteral("x");
    data.yLabel = QStringLiteral("y");
    rope::ui::Series s;
    s.name = QStringLiteral("zig-zag");
    s.id = QStringLiteral("zig-zag");
    s.dashed = dashed;
    s.inLegend = false;
    for (int k = 0; k < n; ++k) {
        s.x.push_back(k);
        s.y.push_back(k % 2 == 0 ? 1.0 : -1.0);
    }
    data.series.push_back(std::move(s));
    return data;
}

// The plot as drawn on screen; also saved to $ROPE_DRAW_GRAB when set, to look at.
QImage grabPlot(QCustomPlot& plot) {
    const QImage image = plot.grab().toImage();
    if (qEnvironmentVariableIsSet("ROPE_DRAW_GRAB")) {
        image.save(qEnvironmentVariable("ROPE_DRAW_GRAB"));
    }
    return image;
}

// Whether a pixel of \p column in rows \p fromRow … \p toRow has the line's colour (within 60
// levels summed over red, green and blue: antialiased edges and grid lines do not count).
bool lineInColumn(const QImage& image, const QColor& line, int column, int fromRow, int toRow) {
    for (int row = fromRow; row <= toRow; ++row) {
        const QColor c = image.pixelColor(column, row);
        if (std::abs(c.red() - line.red()) + std::abs(c.green() - line.green()) +
                std::abs(c.blue() - line.blue()) <
            60) {
            return true;
        }
    }
    return false;
}

// \p data on a shown 1280 × 800 plot (a hidden widget is never laid out at its size).
void showFigure(QCustomPlot& plot, const FigureData& data) {
    plot.resize(1280, 800);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    rope::ui::drawFigure(plot, data);
    plot.replot(QCustomPlot::rpImmediateRefresh);
}

void showZigZag(QCustomPlot& plot, int n) {
    showFigure(plot, zigZag(n, false));
}

} // namespace

class TestDrawFigure : public QObject {
    Q_OBJECT

private slots:
    void wideLinesAreSegmentsOnRasterTargets() {
        const FigureData data = binaryCurves();
        QCOMPARE(data.series.size(), std::size_t{6});
        for (const auto& s : data.series) {
            QCOMPARE(s.x.size(), std::size_t{64});
        }
        RecordingDevice device(QPaintEngine::Raster, QSize(1280, 800));
        record(data, device);
        // No wide line reaches the raster engine as a polyline of more than one segment (the
        // outline that took seconds to fill)…
        requireNoWidePolyline(device.engine());
        // …and the curves are still drawn: 6 curves of 64 points are 6 × 63 segments (with
        // 64 ≤ 256 points a series gets a 2 px pen), plus the legend's line samples.
        QVERIFY2(device.engine().wideSegments >= 6 * 63,
                 qPrintable(QString::number(device.engine().wideSegments)));
    }

    void presenterBandEdgesAreSegments() {
        // The presenter window draws with ×2.2 pens; the bands' edges were translucent, which
        // kept them on the polyline path: 2.2 s of GUI-thread time per redraw of the decay
        // panel (issue 23). They are opaque now and go segment by segment like every wide line.
        const FigureData data = decayBands();
        const auto banded = std::count_if(data.series.begin(), data.series.end(),
                                          [](const auto& s) { return s.fillToPrevious; });
        QVERIFY2(banded >= 1, "the decay figure has no band any more: pick another figure");
        RecordingDevice device(QPaintEngine::Raster, QSize(1280, 800));
        record(data, device, 2.2);
        requireNoWidePolyline(device.engine());
        QVERIFY(device.engine().wideSegments > 900);
    }

    void exportScaleCountsAsPenWidth() {
        // A PNG export at scale 4 scales the painter: 1 px pens become 4 px strokes on the
        // device and must take the segment path too (a decay figure at 8000×8000×4² ran over
        // 100 s before the pixel budget).
        const FigureData data = decayBands();
        RecordingDevice device(QPaintEngine::Raster, QSize(5120, 3200));
        record(data, device, 1.0, 4.0);
        requireNoWidePolyline(device.engine());
        QVERIFY(device.engine().wideSegments > 900);
    }

    // Lines of about 1.3·10⁵ pixel steps each (600 points swinging over 30 % of a 1280 × 800
    // plot's height): two are stroked as polylines, as any plot with few lines; 27 of them
    // (the decay panel's nine bases with their band edges) would cost 27 × 10⁵ antialiased
    // steps per replot, so each takes its 1/27 share of the plot's budget and the column path.
    void manyDenseLinesShareTheStrokeBudget_data() {
        QTest::addColumn<int>("lines");
        QTest::addColumn<bool>("columns");
        QTest::newRow("2 lines") << 2 << false;
        QTest::newRow("27 lines") << 27 << true;
    }
    void manyDenseLinesShareTheStrokeBudget() {
        QFETCH(int, lines);
        QFETCH(bool, columns);
        FigureData data;
        data.title = QStringLiteral("lines");
        data.yRange = std::pair<double, double>(-2.0, 2.0);
        for (int l = 0; l < lines; ++l) {
            rope::ui::Series s;
            s.id = QStringLiteral("line-%1").arg(l);
            s.name = s.id;
            s.inLegend = false;
            for (int k = 0; k < 600; ++k) {
                s.x.push_back(k);
                s.y.push_back(k % 2 == 0 ? 1.2 : 0.0);
            }
            data.series.push_back(std::move(s));
        }
        RecordingDevice device(QPaintEngine::Raster, QSize(1280, 800));
        record(data, device);
        int longPolylines = 0;
        for (const auto& p : device.engine().polylines) {
            longPolylines += p.points >= 500 ? 1 : 0;
        }
        QCOMPARE(longPolylines, columns ? 0 : lines);
        QVERIFY2(columns ? device.engine().rects >= 500 * lines : device.engine().rects < 100,
                 qPrintable(QString::number(device.engine().rects)));
    }

    void denseZigZagIsDrawnAsColumns() {
        // 3 000 points swinging over the whole plot height, about 3 per pixel column: stroked,
        // millions of pixel steps (up to 1 s per frame for the decay panel at b ≈ 1, seeds
        // 12655100 and 2026112611); drawn as one rectangle per pixel column instead.
        QCustomPlot plot;
        showZigZag(plot, 3000);
        RecordingDevice device(QPaintEngine::Raster, QSize(1280, 800));
        QCPPainter painter;
        QVERIFY(painter.begin(&device));
        plot.toPainter(&painter, 1280, 800);
        painter.end();
        // (Short polylines remain: the legend's sample, the axes' frame.)
        for (const auto& p : device.engine().polylines) {
            QVERIFY2(p.points < 500, qPrintable(QString::number(p.points)));
        }
        // One per pixel column the line crosses: the axis rectangle is over 1 000 px wide.
        QVERIFY2(device.engine().rects > 1000 && device.engine().rects < 1400,
                 qPrintable(QString::number(device.engine().rects)));
    }

    // On FramePlot's buffer (an image) the column spans are written into the pixels instead
    // of filled one rectangle at a time; on QCustomPlot's own buffer (a pixmap) they are still
    // filled. The reference is that fill: the same pixels within two levels (the rest of the
    // figure differs by that much between the two buffers, tst_frame_plot), for an opaque line
    // and for a faint (translucent) one, whose pixels are blended over what lies under them.
    void columnSpansWrittenDirectlyMatchTheFill_data() {
        QTest::addColumn<bool>("faint");
        QTest::newRow("opaque") << false;
        QTest::newRow("faint") << true;
    }
    void columnSpansWrittenDirectlyMatchTheFill() {
        QFETCH(bool, faint);
        FigureData data = zigZag(3000, false);
        data.series.front().faint = faint;
        rope::ui::FramePlot framed;
        showFigure(framed, data);
        QCustomPlot reference;
        showFigure(reference, data);
        const QImage actual = framed.grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QImage expected = reference.grab().toImage().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(actual.size(), expected.size());
        const rope::test::PixelDifference d = rope::test::pixelDifference(actual, expected);
        QVERIFY2(
            d.largest <= 2,
            qPrintable(
                QStringLiteral("%1 pixels differ, by up to %2").arg(d.differing).arg(d.largest)));
        // The line covers most of the plot: the spans were drawn at all.
        const QColor line = expected.pixelColor(expected.width() / 2, expected.height() / 2);
        QVERIFY(lineInColumn(actual, line, actual.width() / 2, actual.height() / 2 - 50,
                             actual.height() / 2 + 50));
    }

    // A faint (translucent, 5 px) line that runs out and back along itself, as the base-bound
    // panel's shaded bars do, is painted once per pixel, as Qt fills a stroked outline once: in
    // the middle of a bar the pixel is the background blended once with the line's colour at
    // alpha 60/255 (a, computed here from QColor), on FramePlot's buffer (direct writes) and on
    // QCustomPlot's own (fillRect). Painting every span blended it up to ten times, nearly opaque.
    void faintLineOutAndBackIsPaintedOnce() {
        FigureData data;
        data.title = QStringLiteral("bars");
        rope::ui::Series bars;
        bars.id = QStringLiteral("bars");
        bars.name = bars.id;
        bars.style = rope::ui::SeriesStyle::Path;
        bars.faint = true;
        bars.inLegend = false;
        for (int b = 0; b < 60; ++b) {
            bars.x.insert(bars.x.end(), {0.0, 100.0, 0.0});
            bars.y.insert(bars.y.end(), {1.0 * b, 1.0 * b, 1.0 * b});
        }
        data.series.push_back(std::move(bars));
        data.xRange = std::pair<double, double>(-10.0, 110.0);
        data.yRange = std::pair<double, double>(-1.0, 60.0);
        rope::ui::FramePlot framed;
        showFigure(framed, data);
        QCustomPlot reference;
        showFigure(reference, data);
        for (QCustomPlot* plot : {static_cast<QCustomPlot*>(&framed), &reference}) {
            const QImage image = plot->grab().toImage().convertToFormat(QImage::Format_RGB32);
            const QColor line = rope::ui::seriesColour(*plot, 0);
            const double a = 60.0 / 255.0;
            const int y = static_cast<int>(std::lround(plot->yAxis->coordToPixel(30.0)));
            const int x = static_cast<int>(std::lround(plot->xAxis->coordToPixel(50.0)));
            // Right of the bars' ends (x = 100), on the same row: the plot's background.
            const QColor bg = image.pixelColor(
                static_cast<int>(std::lround(plot->xAxis->coordToPixel(106.0))), y);
            const QColor got = image.pixelColor(x, y);
            const auto once = [a](double c, double b) { return a * c * 255.0 + (1 - a) * b * 255.0; };
            const double dr = std::abs(got.red() - once(line.redF(), bg.redF()));
            const double dg = std::abs(got.green() - once(line.greenF(), bg.greenF()));
            const double db = std::abs(got.blue() - once(line.blueF(), bg.blueF()));
            QVERIFY2(std::max({dr, dg, db}) <= 2.5,
                     qPrintable(QStringLiteral("%1 at (%2, %3), once over %4 would be %5 %6 %7")
                                    .arg(got.name())
                                    .arg(x)
                                    .arg(y)
                                    .arg(bg.name())
                                    .arg(once(line.redF(), bg.redF()))
                                    .arg(once(line.greenF(), bg.greenF()))
                                    .arg(once(line.blueF(), bg.blueF()))));
        }
    }

    void denseZigZagColumnsCoverTheLine() {
        // The pixels: a line from +1 to −1 between neighbouring points passes through every
        // row between the two in each pixel column it crosses, so every column of the plot
        // must hold the line's colour at the rows of y = +1 and y = −1 (within 2 px; 8 px
        // above −1).
        QCustomPlot plot;
        showZigZag(plot, 3000);
        const QImage image = grabPlot(plot);
        const QCPAxis* x = plot.xAxis;
        const QCPAxis* y = plot.yAxis;
        const int top = static_cast<int>(std::lround(y->coordToPixel(1.0)));
        const int bottom = static_cast<int>(std::lround(y->coordToPixel(-1.0)));
        const int first = static_cast<int>(std::ceil(x->coordToPixel(0.0))) + 2;
        const int last = static_cast<int>(std::floor(x->coordToPixel(2999.0))) - 2;
        QVERIFY2(last - first > 900 && bottom - top > 300,
                 qPrintable(QStringLiteral("columns %1-%2, rows %3-%4")
                                .arg(first)
                                .arg(last)
                                .arg(top)
                                .arg(bottom)));
        const QColor line = rope::ui::seriesColour(plot, 0);
        // (The bottom axis' ticks point 5 px into the plot, over the line: checked above them.)
        for (int column = first; column <= last; ++column) {
            QVERIFY2(lineInColumn(image, line, column, top - 2, top + 2) &&
                         lineInColumn(image, line, column, bottom - 10, bottom - 6),
                     qPrintable(QStringLiteral("column %1 misses the line").arg(column)));
        }
    }

    void sparserZigZagLeavesNoGap() {
        // 600 points over about 1 100 columns: each segment crosses one or two columns, and
        // its pixel steps (≈ 4·10⁵) still take the column path. A column between two points
        // gets the rows the segment passes through there; without them every other column
        // would stay empty. And the spans follow the segment: in the column halfway between
        // two points (one at +1, one at −1) the line is near y = 0, not at either end.
        QCustomPlot plot;
        showZigZag(plot, 600);
        const QImage image = grabPlot(plot);
        const QCPAxis* x = plot.xAxis;
        const QCPAxis* y = plot.yAxis;
        const int top = static_cast<int>(std::lround(y->coordToPixel(1.0)));
        const int bottom = static_cast<int>(std::lround(y->coordToPixel(-1.0)));
        const QColor line = rope::ui::seriesColour(plot, 0);
        const int first = static_cast<int>(std::ceil(x->coordToPixel(0.0))) + 2;
        const int last = static_cast<int>(std::floor(x->coordToPixel(599.0))) - 2;
        QVERIFY(last - first > 900);
        for (int column = first; column <= last; ++column) {
            QVERIFY2(lineInColumn(image, line, column, top + 1, bottom - 7),
                     qPrintable(QStringLiteral("column %1 is empty").arg(column)));
        }
        // Segment k → k + 1 crosses y = 0 at x = k + 0.5; that column holds the line at the
        // middle row, and the columns next to each point do not reach the far end.
        const int middle = static_cast<int>(std::lround(y->coordToPixel(0.0)));
        for (int k = 100; k < 110; ++k) {
            const int column = static_cast<int>(std::floor(x->coordToPixel(k + 0.5)));
            QVERIFY2(
                lineInColumn(image, line, column, middle - 3, middle + 3),
                qPrintable(
                    QStringLiteral("segment %1 misses y = 0 in column %2").arg(k).arg(column)));
        }
    }

    void farPointKeepsItsColumnsInRange() {
        // A zig-zag of 100 points on x ∈ [0, 1) and one more point at x = 10¹², ~10¹⁵ px off
        // the plot, past int's range. The steps take the column path, which skips columns off
        // the device (casting that one to int would be undefined) and must still draw the
        // visible part of the segment towards it: from (0.99, −0.5) on, the line runs at
        // y ≈ −0.5 to the plot's right edge.
        FigureData data;
        data.title = QStringLiteral("far point");
        data.xLabel = QStringLiteral("x");
        data.yLabel = QStringLiteral("y");
        rope::ui::Series s;
        s.name = QStringLiteral("zig-zag");
        s.id = QStringLiteral("zig-zag");
        s.inLegend = false;
        for (int k = 0; k < 100; ++k) {
            s.x.push_back(k / 100.0);
            s.y.push_back(k % 2 == 0 ? 0.5 : -0.5);
        }
        s.x.push_back(1e12);
        s.y.push_back(0.5);
        data.series.push_back(std::move(s));
        data.xRange = {{0.0, 1.0}};
        data.yRange = {{-1.0, 1.0}};
        QCustomPlot plot;
        showFigure(plot, data);
        const QImage image = grabPlot(plot);
        const int row = static_cast<int>(std::lround(plot.yAxis->coordToPixel(-0.5)));
        const QColor line = rope::ui::seriesColour(plot, 0);
        for (const double x : {0.993, 0.995, 0.999}) {
            const int column = static_cast<int>(std::floor(plot.xAxis->coordToPixel(x)));
            QVERIFY2(lineInColumn(image, line, column, row - 2, row + 2),
                     qPrintable(QStringLiteral("no line at x = %1 (column %2, row %3)")
                                    .arg(x)
                                    .arg(column)
                                    .arg(row)));
        }
    }

    void dashedWideLineKeepsItsPattern() {
        // 100 points get the 2 px pen; dashed, the line used to be stroked as one outline of
        // dashes and filled (the doctor's expectation: 330 ms per frame, seed 2026112611).
        // Now segment by segment, each one's dash pattern offset by the length before it.
        RecordingDevice device(QPaintEngine::Raster, QSize(1280, 800));
        record(zigZag(100, true), device);
        requireNoWidePolyline(device.engine());
        const std::vector<double>& offsets = device.engine().dashOffsets;
        QVERIFY2(offsets.size() >= 99, qPrintable(QString::number(offsets.size())));
        // The plot's segments are as long as the plot is tall (hundreds of px): the offset, in
        // pen widths, grows by about half that with each segment.
        for (std::size_t k = 1; k < 99; ++k) {
            QVERIFY2(offsets[k] - offsets[k - 1] > 100.0,
                     qPrintable(QStringLiteral("segment %1: offset %2 after %3")
                                    .arg(k)
                                    .arg(offsets[k])
                                    .arg(offsets[k - 1])));
        }
    }

    void vectorTargetsKeepThePolyline() {
        // An SVG or PDF viewer strokes the line itself: the file keeps one path per curve.
        const FigureData data = binaryCurves();
        RecordingDevice device(QPaintEngine::SVG, QSize(1280, 800));
        record(data, device);
        int curves = 0;
        for (const auto& p : device.engine().polylines) {
            if (p.points == 64 && p.penWidth > 1.0) {
                ++curves;
            }
        }
        QCOMPARE(curves, 6);
    }
};

QTEST_MAIN(TestDrawFigure)
#include "tst_draw_figure.moc"
