// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// FramePlot keeps the background in its paint buffer instead of QCustomPlot's fill-and-blend.
// The reference is QCustomPlot itself: the same figure in a plain QCustomPlot of the same size,
// painted the same way, must give the same pixels (antialiased edges may round two steps apart:
// a colour blended over the background directly, or over transparency and then over it).
// What the paint event leaves out is counted by a paint engine that records.

#include "tests/ui/paint_checks.h"
#include "ui/render/frame_plot.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace {

// A figure with what the panels draw: an antialiased curve, a translucent band, a thick line,
// text, a grid and a legend.
void drawSample(QCustomPlot& plot, const QBrush& background) {
    plot.setBackground(background);
    plot.xAxis->setLabel(QStringLiteral("position m"));
    plot.yAxis->setLabel(QStringLiteral("cos(mθ)"));
    QVector<double> x, y, band;
    for (int k = 0; k <= 400; ++k) {
        x.push_back(k * 0.05);
        y.push_back(std::cos(k * 0.05) * std::exp(-k * 0.004));
        band.push_back(0.3 * std::sin(k * 0.11));
    }
    QCPGraph* curve = plot.addGraph();
    curve->setData(x, y);
    curve->setPen(QPen(QColor(31, 119, 180), 2.5));
    curve->setName(QStringLiteral("decay"));
    QCPGraph* fill = plot.addGraph();
    fill->setData(x, band);
    fill->setPen(QPen(QColor(214, 39, 40)));
    fill->setBrush(QColor(214, 39, 40, 60));
    fill->setName(QStringLiteral("band"));
    plot.legend->setVisible(true);
    plot.xAxis->setRange(0, 20);
    plot.yAxis->setRange(-1.1, 1.1);
}

// The plot painted over a known colour (a translucent background lets it through; grab()
// would leave what was in memory there, the widget being opaque to Qt).
QImage grabbed(QCustomPlot& plot) {
    plot.resize(640, 420);
    plot.show();
    if (!QTest::qWaitForWindowExposed(&plot)) {
        return {};
    }
    plot.replot(QCustomPlot::rpImmediateRefresh);
    QImage image(plot.size(), QImage::Format_RGB32);
    image.fill(QColor(0, 160, 0));
    plot.render(&image, QPoint(), QRegion(), QWidget::DrawChildren);
    return image;
}

} // namespace

class TestFramePlot : public QObject {
    Q_OBJECT

private slots:
    void samePixelsAsQCustomPlot_data() {
        QTest::addColumn<QColor>("background");
        QTest::newRow("light") << QColor(Qt::white);
        QTest::newRow("dark") << QColor(30, 30, 34);
        // Not opaque: FramePlot keeps QCustomPlot's transparent buffer and fill.
        QTest::newRow("translucent") << QColor(200, 220, 255, 128);
    }
    void samePixelsAsQCustomPlot() {
        QFETCH(QColor, background);
        QCustomPlot reference;
        drawSample(reference, background);
        rope::ui::FramePlot framed;
        drawSample(framed, background);
        const QImage expected = grabbed(reference);
        const QImage actual = grabbed(framed);
        QVERIFY(!expected.isNull() && !actual.isNull());
        QCOMPARE(actual.size(), expected.size());
        // The figure drew something: the reference is not one colour.
        QImage blank(expected.size(), QImage::Format_RGB32);
        blank.fill(expected.pixel(expected.width() / 2, 2));
        QVERIFY(rope::test::pixelDifference(expected, blank).differing > 1000);
        const auto [largest, differing] = rope::test::pixelDifference(actual, expected);
        qInfo("%d of %d pixels differ, by at most %d", differing,
              expected.width() * expected.height(), largest);
        // Opaque: a colour over the background in one rounding to 8 bits against two (over
        // transparency, then over the background); antialiased edges land up to two steps
        // apart. Translucent: QCustomPlot's own buffer, fill and blend, the same pixels.
        const int allowed = background.alpha() == 255 ? 2 : 0;
        QVERIFY2(largest <= allowed, qPrintable(QString::number(largest)));
        // ... and only there: at most 2 % of the pixels are edges of lines and text.
        QVERIFY2(differing * 50 < expected.width() * expected.height(),
                 qPrintable(QString::number(differing)));
    }

    void opaqueBackgroundIsTheBrushColour() {
        rope::ui::FramePlot plot;
        plot.setBackground(QBrush(QColor(12, 34, 56)));
        QCOMPARE(plot.opaqueBackground(), QColor(12, 34, 56));
        plot.setBackground(QBrush(QColor(12, 34, 56, 200)));
        QVERIFY(!plot.opaqueBackground().isValid());
        plot.setBackground(QBrush(QColor(12, 34, 56), Qt::Dense4Pattern));
        QVERIFY(!plot.opaqueBackground().isValid());
        plot.setBackground(QBrush(QColor(12, 34, 56)));
        QPixmap picture(8, 8);
        picture.fill(Qt::red);
        plot.setBackground(picture);
        QVERIFY(!plot.opaqueBackground().isValid());
    }

    // The paint event of an opaque buffer is the buffer drawn, without QCustomPlot's fill of
    // the viewport with the background first. Counted by a paint engine that only records.
    void anOpaqueFrameIsNotFilledFirst() {
        rope::ui::FramePlot framed;
        drawSample(framed, QBrush(Qt::white));
        QCustomPlot reference;
        drawSample(reference, QBrush(Qt::white));
        QVERIFY(!grabbed(framed).isNull());
        QVERIFY(!grabbed(reference).isNull());
        QCOMPARE(fillsRecorded(reference), 1);
        QCOMPARE(fillsRecorded(framed), 0);
        // A translucent background keeps the fill: the buffer does not cover the widget.
        drawSample(framed, QBrush(QColor(255, 255, 255, 128)));
        QVERIFY(!grabbed(framed).isNull());
        QCOMPARE(fillsRecorded(framed), 1);
    }

    // A hidden plot gives its pixels back; shown again, it draws them before its first paint,
    // the same picture without a replot asked for.
    void aHiddenPlotHoldsNoFrame() {
        QWidget window;
        auto* framed = new rope::ui::FramePlot(&window);
        drawSample(*framed, QBrush(Qt::white));
        framed->resize(640, 420);
        window.resize(640, 420);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        framed->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(framed->holdsFrame());
        const QImage before = framed->grab().toImage();
        framed->hide();
        QVERIFY(!framed->holdsFrame());
        framed->show();
        QVERIFY(framed->holdsFrame());
        QCoreApplication::processEvents();
        const QImage after = framed->grab().toImage();
        QCOMPARE(after.size(), before.size());
        QCOMPARE(rope::test::pixelDifference(after, before).differing, 0);
    }

    // A panel switch: one plot hidden, another of the same size or a little smaller shown; the
    // shown one draws into the memory the hidden one gave back (written a moment ago, not
    // memory left idle). A larger plot gets a block of its own, and the spare is the larger.
    void theNextPlotShownReusesTheMemory() {
        QWidget window;
        auto* first = new rope::ui::FramePlot(&window);
        auto* second = new rope::ui::FramePlot(&window);
        auto* larger = new rope::ui::FramePlot(&window);
        for (rope::ui::FramePlot* plot : {first, second, larger}) {
            drawSample(*plot, QBrush(Qt::white));
        }
        first->setGeometry(0, 0, 640, 420);
        second->setGeometry(0, 0, 600, 400);
        larger->setGeometry(0, 0, 900, 700);
        second->hide();
        larger->hide();
        window.resize(900, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        first->replot(QCustomPlot::rpImmediateRefresh);
        const void* memory = first->frameMemory();
        QVERIFY(memory != nullptr);
        first->hide();
        QCOMPARE(first->frameMemory(), nullptr);
        // Something else allocated in between (the allocator alone would hand it the block
        // just freed): the block is kept for the next plot, not freed.
        void* decoy = std::malloc(640 * 420 * 4);
        second->show();
        std::free(decoy);
        QVERIFY(decoy != memory);
        QCOMPARE(second->frameMemory(), memory);
        // A plot a little larger than the first (another panel's option rows are shorter)
        // still fits: a block is made with a quarter to spare.
        second->hide();
        second->setGeometry(0, 0, 660, 440);
        second->show();
        QCOMPARE(second->frameMemory(), memory);
        second->hide();
        second->setGeometry(0, 0, 600, 400);
        larger->show();
        QVERIFY(larger->holdsFrame());
        QVERIFY(larger->frameMemory() != memory);
        // The larger block is the spare now: a plot that needs at least half of it draws into
        // it; a much smaller one does not hold it (memory kept for nothing).
        const void* largerMemory = larger->frameMemory();
        larger->hide();
        second->show();
        QVERIFY(second->frameMemory() != largerMemory);
        second->hide();
        first->setGeometry(0, 0, 880, 680);
        first->show();
        QCOMPARE(first->frameMemory(), largerMemory);
    }

private:
    // The fills with a solid brush over a whole widget in one paint event, counted by a paint
    // device that records what is painted on it.
    static int fillsRecorded(QCustomPlot& plot) {
        rope::test::RecordingDevice device(QPaintEngine::User, plot.size());
        plot.render(&device, QPoint(), QRegion(), QWidget::DrawChildren);
        return device.engine().largeSolidFills;
    }
};

QTEST_MAIN(TestFramePlot)
#include "tst_frame_plot.moc"
