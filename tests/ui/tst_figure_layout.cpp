// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_params.h"
#include "ui/render/deck_export.h"
#include "ui/render/draw_figure.h"
#include "figures/figure_registry.h"

#include <QTest>
#include <qcustomplot.h>

#include <cmath>

// drawFigure()'s layout rules, checked on every registered figure and on hand-made FigureData:
// readouts live in their own text area below the axes (never over the data, never widening a
// range), titles wrap instead of being clipped, log axes are real log axes, diverging colour
// bars are symmetric about 0, and legends over colour maps go below the axes.
class TestFigureLayout : public QObject {
    Q_OBJECT

    static QCPLayoutGrid* readoutGrid(QCustomPlot& plot) {
        return plot.findChild<QCPLayoutGrid*>(QStringLiteral("ropeReadouts"));
    }

private slots:
    // Every panel on a 16:9 slide, laid out as the deck draws it (presentation style, the
    // page's figure area under a one-line header): each plot gets a readable share of the
    // page, no text is cut short by its cell, nothing leaves the page, nothing overlaps the
    // readouts, and a legend is never set smaller than the tick labels. Before these rules
    // the position-schemes maps got 87 of 1248 pixels, the weights slide lost a readout line
    // and the base-bound legend was set at 0.8 of the tick font.
    void slidesGiveEveryPlotRoom_data() {
        QTest::addColumn<QString>("id");
        for (const rope::figures::Figure& f : rope::figures::allFigures()) {
            const QString id = rope::figures::figureId(f);
            QTest::newRow(qPrintable(id)) << id;
        }
    }
    void slidesGiveEveryPlotRoom() {
        QFETCH(QString, id);
        const rope::figures::Figure* figure = rope::figures::findFigure(id.toStdString());
        QVERIFY(figure != nullptr);
        QCustomPlot plot;
        // A one-line header: 14 pt above it, a 20 pt line (≈ 1.2 em) and 6 pt below.
        const QSize page = rope::ui::slideFigureSize(14 + 24 + 6);
        QVERIFY(page.width() > 1.8 * page.height()); // 16:9 less the header
        rope::ui::layoutSlideFigure(plot, {figure, rope::RopeParams{}, {}}, page);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        // (The page, and a pixel of rounding where the layout splits it into columns.)
        const QRect all = QRect(QPoint(0, 0), page).adjusted(-1, -1, 1, 1);
        for (QCPAxisRect* r : plot.axisRects()) {
            const QString what = QStringLiteral("%1 plot %2: %3×%4 of %5×%6")
                                     .arg(id, r->objectName())
                                     .arg(r->width())
                                     .arg(r->height())
                                     .arg(page.width())
                                     .arg(page.height());
            QVERIFY2(r->width() >= 0.15 * page.width(), qPrintable(what));
            QVERIFY2(r->height() >= 0.2 * page.height(), qPrintable(what));
            QVERIFY2(all.contains(r->outerRect()), qPrintable(what));
        }
        std::vector<QRect> readouts;
        for (QCPTextElement* e : plot.findChildren<QCPTextElement*>()) {
            if (e->text().isEmpty()) {
                continue;
            }
            // The text wrapped at its cell's width fits the cell's height (+1 px of rounding).
            const QFontMetrics metrics(e->font());
            const QRect needs = metrics.boundingRect(QRect(0, 0, e->rect().width(), 100000),
                                                     e->textFlags(), e->text());
            const QString what = QStringLiteral("%1 %2 needs %3 px, has %4: \"%5\"")
                                     .arg(id, e->objectName())
                                     .arg(needs.height())
                                     .arg(e->rect().height())
                                     .arg(e->text().left(40));
            QVERIFY2(needs.height() <= e->rect().height() + 1, qPrintable(what));
            QVERIFY2(all.contains(e->outerRect()), qPrintable(what));
            if (e->objectName() == QLatin1String("ropeReadout")) {
                readouts.push_back(e->rect());
            }
        }
        if (plot.legend->visible() && plot.legend->layout() != plot.axisRect()->insetLayout()) {
            QVERIFY2(all.contains(plot.legend->outerRect()), qPrintable(id));
            for (const QRect& r : readouts) {
                QVERIFY2(!r.intersects(plot.legend->rect()), qPrintable(id));
            }
        }
        if (plot.legend->visible()) {
            QVERIFY2(plot.legend->font().pointSizeF() >= plot.xAxis->tickLabelFont().pointSizeF(),
                     qPrintable(QStringLiteral("%1: legend %2 pt, ticks %3 pt")
                                    .arg(id)
                                    .arg(plot.legend->font().pointSizeF())
                                    .arg(plot.xAxis->tickLabelFont().pointSizeF())));
        }
    }

    void readoutsSitBelowTheAxes_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        for (const rope::figures::Figure& f : rope::figures::allFigures()) {
            const QString id = QString::fromLatin1(f.id.data(), static_cast<qsizetype>(f.id.size()));
            QTest::newRow(qPrintable(id + QStringLiteral(" 900x600"))) << id << 900 << 600;
            QTest::newRow(qPrintable(id + QStringLiteral(" 1400x900"))) << id << 1400 << 900;
        }
    }
    void readoutsSitBelowTheAxes() {
        QFETCH(QString, id);
        QFETCH(int, width);
        QFETCH(int, height);
        QCustomPlot plot;
        plot.resize(width, height);
        const rope::figures::Figure* figure = rope::figures::findFigure(id.toStdString());
        QVERIFY(figure != nullptr);
        const rope::ui::FigureData data =
            rope::ui::renderFigure(plot, *figure, rope::RopeParams{}, rope::ui::FigureOptions{});
        plot.replot(QCustomPlot::rpImmediateRefresh);
        const QRect axes = plot.axisRect()->outerRect();
        // Everything stays inside the widget: the title is not clipped at either side.
        auto* title = plot.findChild<QCPTextElement*>(QStringLiteral("ropeTitle"));
        QVERIFY(title != nullptr);
        QCOMPARE(title->text(), data.title);
        QVERIFY(title->outerRect().left() >= 0);
        QVERIFY(title->outerRect().right() <= width);
        QVERIFY(axes.right() <= width);
        if (!data.readouts.empty()) {
            QCPLayoutGrid* grid = readoutGrid(plot);
            QVERIFY(grid != nullptr);
            QVERIFY(grid->elementCount() > 0);
            QVERIFY(grid->outerRect().top() >= axes.bottom());
            QVERIFY(grid->outerRect().bottom() <= height + 1);
        }
        // A fixed range in the data is the axis range exactly (for equal-aspect figures it is
        // widened about its centre on one axis only, never shifted).
        if (data.yRange && !data.equalAspect) {
            QCOMPARE(plot.yAxis->range().lower, data.yRange->first);
            QCOMPARE(plot.yAxis->range().upper, data.yRange->second);
        }
        if (data.xRange && !data.equalAspect) {
            QCOMPARE(plot.xAxis->range().lower, data.xRange->first);
            QCOMPARE(plot.xAxis->range().upper, data.xRange->second);
        }
    }

    void longTitlesWrapInsteadOfClipping() {
        QCustomPlot plot;
        plot.resize(420, 400);
        // Hidden, the plot gets no resize event: its viewport would stay 640 × 480 (with no
        // readouts the axes were squeezed to ≈ 50 px once, which hid that).
        plot.setViewport(plot.rect());
        rope::ui::FigureData data;
        data.title = QStringLiteral("A deliberately long title that cannot possibly fit on one "
                                    "line of a plot only four hundred and twenty pixels wide");
        data.series.push_back({QStringLiteral("line"), {0.0, 1.0}, {0.0, 1.0}});
        rope::ui::drawFigure(plot, data);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        auto* title = plot.findChild<QCPTextElement*>(QStringLiteral("ropeTitle"));
        QVERIFY(title != nullptr);
        const QFontMetrics metrics(title->font());
        QVERIFY(title->outerRect().width() <= 420);
        // Wrapped: at least two lines tall.
        QVERIFY(title->outerRect().height() >= 2 * metrics.height());
        QVERIFY(plot.axisRect()->outerRect().top() >= title->outerRect().bottom());
        // The figure has no readouts: their empty row must not squeeze the axes (it left them
        // ≈ 50 px of the 420).
        QVERIFY2(plot.axisRect()->outerRect().width() > 300,
                 qPrintable(QString::number(plot.axisRect()->outerRect().width())));
    }

    void logXIsARealLogAxis() {
        QCustomPlot plot;
        plot.resize(600, 400);
        rope::ui::FigureData data;
        data.logX = true;
        data.series.push_back({QStringLiteral("p"), {1.0, 10.0, 1e6}, {1.0, 2.0, 3.0}});
        rope::ui::drawFigure(plot, data);
        QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(!qSharedPointerDynamicCast<QCPAxisTickerLog>(plot.xAxis->ticker()).isNull());
        QCOMPARE(plot.yAxis->scaleType(), QCPAxis::stLinear);
        // The data range is the positions themselves.
        QCOMPARE(plot.xAxis->range().lower, 1.0);
        QCOMPARE(plot.xAxis->range().upper, 1e6);
        // On a log axis, 10 sits at one sixth of the way from 1 to 10⁶.
        plot.replot(QCustomPlot::rpImmediateRefresh);
        const double left = plot.xAxis->coordToPixel(1.0);
        const double right = plot.xAxis->coordToPixel(1e6);
        QVERIFY(std::abs((plot.xAxis->coordToPixel(10.0) - left) / (right - left) - 1.0 / 6.0) <
                1e-9);
    }

    void divergingColourBarsAreSymmetric() {
        QCustomPlot plot;
        plot.resize(600, 400);
        rope::ui::FigureData data;
        rope::ui::ColourMap map;
        map.columns = 2;
        map.rows = 1;
        map.xLast = 1;
        map.values = {-0.5, 2.0};
        map.zMin = -0.5;
        map.zMax = 2.0;
        map.label = QStringLiteral("signed value");
        data.colourMap = map;
        rope::ui::drawFigure(plot, data);
        QCPColorMap* drawn = nullptr;
        for (int k = 0; k < plot.plottableCount(); ++k) {
            drawn = drawn ? drawn : qobject_cast<QCPColorMap*>(plot.plottable(k));
        }
        QVERIFY(drawn != nullptr);
        QCOMPARE(drawn->dataRange().lower, -2.0);
        QCOMPARE(drawn->dataRange().upper, 2.0);
        QCOMPARE(drawn->colorScale()->axis()->label(), QStringLiteral("signed value"));
    }

    void legendsOverColourMapsGoBelow() {
        QCustomPlot plot;
        plot.resize(600, 400);
        rope::ui::FigureData data;
        rope::ui::ColourMap map;
        map.columns = 2;
        map.rows = 2;
        map.xLast = 1;
        map.yLast = 1;
        map.values = {0, 1, 2, 3};
        map.zMax = 3;
        map.diverging = false;
        data.colourMap = map;
        data.series.push_back(
            {QStringLiteral("marker"), {0.5}, {0.5}, rope::ui::SeriesStyle::Scatter});
        rope::ui::drawFigure(plot, data);
        // Below the axes: in the readout row (in a column of its own there).
        QVERIFY(plot.legend->layout() != nullptr);
        QCOMPARE(plot.legend->layout()->layout(), static_cast<QCPLayout*>(readoutGrid(plot)));
        // Drawing a plain line figure afterwards brings the legend back into the plot corner.
        rope::ui::FigureData line;
        line.series.push_back({QStringLiteral("line"), {0.0, 1.0}, {0.0, 1.0}});
        rope::ui::drawFigure(plot, line);
        QCOMPARE(plot.legend->layout(), static_cast<QCPLayout*>(plot.axisRect()->insetLayout()));
        QVERIFY(plot.legend->visible());
    }
};

QTEST_MAIN(TestFigureLayout)
#include "tst_figure_layout.moc"
