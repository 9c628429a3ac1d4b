// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/explorer_state.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/parameter_form.h"
#include "ui/slider_spin_box.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSlider>
#include <QStandardPaths>
#include <QStackedWidget>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <vector>

// Frame time of a slider drag through the real widgets (offscreen): one frame = slider step →
// ParameterForm → ExplorerState → the visible panel computes (Sync mode: on the GUI thread, the
// worst case; the app computes on a worker) → drawFigure → replot → paint. d = 128,
// L = 32768, window 1600 × 1000. QBENCHMARK times the frame; a plain loop of 120 frames prints
// the median and the worst. Nothing here asserts a time (timings belong in benchmarks only).
class TestFrameBench : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void sliderDragFrame_data() {
        QTest::addColumn<QString>("panel");
        QTest::addColumn<QString>("control");
        QTest::newRow("heatmap base") << "heatmap"
                                      << "base";
        QTest::newRow("heatmap context") << "heatmap"
                                         << "context";
        QTest::newRow("rotation m") << "rotation"
                                    << "m";
        QTest::newRow("rotation base") << "rotation"
                                       << "base";
        QTest::newRow("extension base") << "extension"
                                        << "base";
        QTest::newRow("identity m") << "identity"
                                    << "m";
        QTest::newRow("decay base") << "decay"
                                    << "base";
        QTest::newRow("base-bound base") << "base-bound"
                                         << "base";
    }
    void sliderDragFrame() {
        QFETCH(QString, panel);
        QFETCH(QString, control);
        rope::ui::MainWindow window(nullptr, false);
        rope::RopeParams p = window.state().params();
        p.headDim = 128;
        p.context = 32768;
        QVERIFY(window.state().setParams(p));
        rope::ui::FigurePanel* shown = nullptr;
        for (rope::ui::FigurePanel* fp : window.panels()) {
            if (fp->objectName() == panel) {
                shown = fp;
            }
        }
        QVERIFY(shown != nullptr);
        shown->setMode(rope::ui::FigurePanel::Mode::Sync);
        window.pages()->setCurrentWidget(shown);
        window.resize(1600, 1000);
        window.show();
        QCoreApplication::processEvents();
        QSlider* slider = window.form().control(control)->slider();
        int position = slider->value();
        int direction = 1;
        const auto frame = [&] {
            // A drag moves a few ticks per mouse event; bounce between the ends.
            if (position + 5 * direction > slider->maximum() || position + 5 * direction < 0) {
                direction = -direction;
            }
            position += 5 * direction;
            slider->setValue(position);
            QCoreApplication::processEvents(); // the queued paint of the new frame
        };
        std::vector<double> ms;
        QElapsedTimer timer;
        // QBENCHMARK_ONCE: the window set-up above must not be repeated per benchmark pass;
        // the 120 frames inside are timed one by one for the median and the worst.
        QBENCHMARK_ONCE {
            for (int k = 0; k < 120; ++k) {
                timer.start();
                frame();
                ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            }
        }
        std::sort(ms.begin(), ms.end());
        qInfo("frame %s/%s: median %.2f ms, worst %.2f ms over %zu frames (d=128, L=32768, "
              "plot %dx%d px)",
              qPrintable(panel), qPrintable(control), ms[ms.size() / 2], ms.back(), ms.size(),
              shown->plot()->width(), shown->plot()->height());
    }

    void zoomFrame() {
        rope::ui::MainWindow window(nullptr, false);
        rope::RopeParams p = window.state().params();
        p.context = 32768;
        QVERIFY(window.state().setParams(p));
        rope::ui::FigurePanel* heatmap = window.panels().front();
        heatmap->setMode(rope::ui::FigurePanel::Mode::Sync);
        window.pages()->setCurrentWidget(heatmap);
        window.resize(1600, 1000);
        window.show();
        QCoreApplication::processEvents();
        double centre = 16000;
        std::vector<double> ms;
        QElapsedTimer timer;
        for (int k = 0; k < 120; ++k) {
            timer.start();
            centre += 97;
            heatmap->plot()->yAxis->setRange(centre - 4000, centre + 4000); // a drag/pan step
            QCoreApplication::processEvents();
            ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        std::sort(ms.begin(), ms.end());
        qInfo("frame heatmap/pan: median %.2f ms, worst %.2f ms over %zu frames", ms[ms.size() / 2],
              ms.back(), ms.size());
    }
};

QTEST_MAIN(TestFrameBench)
#include "tst_frame_bench.moc"
