// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base_bound.h"
#include "core/decay.h"
#include "core/frequencies.h"
#include "core/heatmap.h"
#include "core/identities.h"
#include "core/scaling/scaling_registry.h"
#include "tests/test_support.h"
#include "ui/explorer_state.h"
#include "figures/figure_registry.h"
#include "figures/lessons.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/parameter_form.h"
#include "ui/slider_spin_box.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStackedWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>
#include <QWheelEvent>
#include <qcustomplot.h>

#include <cmath>
#include <numbers>

// What is checked: every registry row builds and draws finite data; moving each control of the
// parameter form or of a panel changes the plotted data to exactly what core returns for the
// new parameters (data read back from QCPColorMap / QCPCurve). The rotation panel's arrows are
// also checked against an independent long-double cos/sin of m·θ_i with θ_i = b^(−2i/d).
namespace {

using rope::ui::FigurePanel;

FigurePanel* panelById(rope::ui::MainWindow& window, const QString& id) {
    for (FigurePanel* p : window.panels()) {
        if (p->objectName() == id) {
            return p;
        }
    }
    return nullptr;
}

QCPColorMap* colourMap(QCustomPlot* plot) {
    for (int k = 0; k < plot->plottableCount(); ++k) {
        if (auto* map = qobject_cast<QCPColorMap*>(plot->plottable(k))) {
            return map;
        }
    }
    return nullptr;
}

QCPCurve* curveNamed(QCustomPlot* plot, const QString& name) {
    for (int k = 0; k < plot->plottableCount(); ++k) {
        auto* curve = qobject_cast<QCPCurve*>(plot->plottable(k));
        if (curve != nullptr && curve->name() == name) {
            return curve;
        }
    }
    return nullptr;
}

// Expected heatmap image: core's phaseHeatmap over the panel's visible positions and rows.
Eigen::ArrayXXd expectedHeatmap(const rope::RopeParams& p, int rows, rope::PhaseQuantity q) {
    const Eigen::ArrayXd theta = rope::scaledFrequencies(p).invFreq;
    return rope::phaseHeatmap(theta, 0, p.context - 1, rows, q);
}

void compareHeatmap(FigurePanel* panel, const rope::RopeParams& p, rope::PhaseQuantity q) {
    // A frame whose readouts or legend change the axis rectangle's height is computed once more
    // for the height it gets (FigurePanel's afterLayout retry, a queued refresh): let it run.
    const auto settled = [&] {
        QCPColorMap* shown = colourMap(panel->plot());
        return shown != nullptr &&
               shown->data()->valueSize() ==
                   expectedHeatmap(p, panel->plot()->axisRect()->height(), q).rows();
    };
    QTRY_VERIFY(settled());
    QCPColorMap* map = colourMap(panel->plot());
    QVERIFY(map != nullptr);
    // The panel asks for one row per pixel of the plot area's height.
    const Eigen::ArrayXXd expected = expectedHeatmap(p, panel->plot()->axisRect()->height(), q);
    QCOMPARE(map->data()->keySize(), static_cast<int>(expected.cols()));
    QCOMPARE(map->data()->valueSize(), static_cast<int>(expected.rows()));
    for (int r = 0; r < expected.rows(); ++r) {
        for (int c = 0; c < expected.cols(); ++c) {
            if (map->data()->cell(c, r) != expected(r, c)) {
                QFAIL(qPrintable(QStringLiteral("cell (%1,%2): %3 != %4")
                                     .arg(c)
                                     .arg(r)
                                     .arg(map->data()->cell(c, r), 0, 'g', 17)
                                     .arg(expected(r, c), 0, 'g', 17)));
            }
        }
    }
}

} // namespace

class TestFigures : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void everyPanelBuildsAndDrawsFiniteData_data() {
        QTest::addColumn<QString>("id");
        for (const rope::figures::Figure& f : rope::figures::allFigures()) {
            const QString id =
                QString::fromLatin1(f.id.data(), static_cast<qsizetype>(f.id.size()));
            QTest::newRow(qPrintable(id)) << id;
        }
    }
    void everyPanelBuildsAndDrawsFiniteData() {
        QFETCH(QString, id);
        rope::ui::ExplorerState state;
        const rope::figures::Figure* figure = rope::figures::findFigure(id.toStdString());
        QVERIFY(figure != nullptr);
        FigurePanel panel(*figure, state);
        panel.setMode(FigurePanel::Mode::Sync);
        // The whole figure in one frame, measured parts included (the deferred measurement of
        // the batch panel is tested in tst_batch_panel).
        panel.setMeasuring(FigurePanel::Measuring::Inline);
        panel.resize(900, 600);
        panel.show();
        QSignalSpy rendered(&panel, &FigurePanel::rendered);
        panel.refresh();
        QCOMPARE(rendered.count(), 1);
        // Something drawn, or an empty frame that says why (the training lab before Train).
        QVERIFY(panel.plot()->plottableCount() > 0 ||
                (panel.data().series.empty() && !panel.data().labels.empty()));
        QVERIFY(!panel.data().title.isEmpty());
        QVERIFY(!panel.data().xLabel.isEmpty());
        QVERIFY(!panel.data().yLabel.isEmpty());
        for (const rope::ui::Series& s : panel.data().series) {
            QCOMPARE(s.x.size(), s.y.size());
            if (s.style != rope::ui::SeriesStyle::Guide) {
                for (std::size_t k = 0; k < s.x.size(); ++k) {
                    QVERIFY2(std::isfinite(s.x[k]) && std::isfinite(s.y[k]), qPrintable(s.name));
                }
            }
        }
        if (panel.data().colourMap) {
            // NaN marks a gap cell (two matrices side by side); everything else is finite.
            bool anyFinite = false;
            for (double v : panel.data().colourMap->values) {
                QVERIFY(!std::isinf(v));
                anyFinite = anyFinite || std::isfinite(v);
            }
            QVERIFY(anyFinite);
        }
    }

    void formControlsDriveTheHeatmap_data() {
        QTest::addColumn<QString>("control");
        QTest::addColumn<double>("value");
        QTest::newRow("dim") << "dim" << 64.0;
        QTest::newRow("base") << "base" << 500000.0;
        QTest::newRow("context") << "context" << 65536.0;
        QTest::newRow("context small") << "context" << 64.0;
        QTest::newRow("m") << "m" << 100.0;
    }
    void formControlsDriveTheHeatmap() {
        QFETCH(QString, control);
        QFETCH(double, value);
        rope::ui::MainWindow window(nullptr, false);
        for (FigurePanel* p : window.panels()) {
            p->setMode(FigurePanel::Mode::Sync);
        }
        window.show();
        FigurePanel* panel = panelById(window, QStringLiteral("heatmap"));
        QVERIFY(panel != nullptr);
        window.pages()->setCurrentWidget(panel);
        rope::ui::SliderSpinBox* box = window.form().control(control);
        QVERIFY(box != nullptr);
        box->spinBox()->setValue(value); // as if typed: spin box → form → state → panel
        QCOMPARE(static_cast<double>(
                     control == QLatin1String("dim")       ? window.state().params().headDim
                     : control == QLatin1String("base")    ? window.state().params().base
                     : control == QLatin1String("context") ? window.state().params().context
                                                           : window.state().params().m),
                 value);
        compareHeatmap(panel, window.state().params(), rope::PhaseQuantity::Cos);
    }

    void sliderMovesChangeTheParameters() {
        rope::ui::MainWindow window(nullptr, false);
        window.show();
        rope::ui::SliderSpinBox* base = window.form().control(QStringLiteral("base"));
        const double before = window.state().params().base;
        base->slider()->setValue(base->slider()->value() + 100);
        QVERIFY(window.state().params().base > before);
        QCOMPARE(window.state().params().base, base->value());
    }

    void heatmapControlsSwitchTheQuantity_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("quantity");
        QTest::newRow("sin") << 1 << static_cast<int>(rope::PhaseQuantity::Sin);
        QTest::newRow("angle") << 2 << static_cast<int>(rope::PhaseQuantity::Angle);
        QTest::newRow("cos") << 0 << static_cast<int>(rope::PhaseQuantity::Cos);
    }
    void heatmapControlsSwitchTheQuantity() {
        QFETCH(int, index);
        QFETCH(int, quantity);
        rope::ui::ExplorerState state;
        FigurePanel panel(*rope::figures::findFigure("heatmap"), state);
        panel.setMode(FigurePanel::Mode::Sync);
        panel.resize(800, 500);
        panel.show();
        auto* combo = panel.findChild<QComboBox*>(QStringLiteral("quantity"));
        QVERIFY(combo != nullptr);
        combo->setCurrentIndex(index == 0 ? 1 : 0);
        combo->setCurrentIndex(index);
        compareHeatmap(&panel, state.params(), static_cast<rope::PhaseQuantity>(quantity));
    }

    void periodOverlayIsTwoPiOverTheta() {
        rope::ui::ExplorerState state;
        FigurePanel panel(*rope::figures::findFigure("heatmap"), state);
        panel.setMode(FigurePanel::Mode::Sync);
        panel.show();
        panel.findChild<QCheckBox*>(QStringLiteral("periods"))->setChecked(true);
        const QCPGraph* graph = panel.plot()->graph(0);
        QVERIFY(graph != nullptr);
        const rope::RopeParams& p = state.params();
        QCOMPARE(graph->dataCount(), p.headDim / 2);
        for (int i = 0; i < graph->dataCount(); ++i) {
            // λ_i = 2π·b^(2i/d), in long double independently of core.
            const long double lambda =
                2.0L * std::numbers::pi_v<long double> * powl(p.base, 2.0L * i / p.headDim);
            QVERIFY(rope::test::close(graph->dataMainValue(i), static_cast<double>(lambda), 1e-13));
        }
    }

    void lessonZoomStopsAtAReadableSize() {
        rope::ui::ExplorerState state;
        rope::ui::FigurePanel panel(*rope::figures::findFigure("heatmap"), state);
        auto* lesson = panel.findChild<QTextBrowser*>();
        QVERIFY(lesson != nullptr);
        const QPointF at(10, 10);
        for (int i = 0; i < 60; ++i) {
            QWheelEvent wheel(at, lesson->viewport()->mapToGlobal(at), QPoint(), QPoint(0, -120),
                              Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(lesson->viewport(), &wheel);
        }
        // Stops within one step below 6 pt (each wheel step is 1 pt), never at 0.
        QVERIFY2(lesson->font().pointSizeF() >= 5.0,
                 qPrintable(QString::number(lesson->font().pointSizeF())));
    }

    void lessonFoldsUsingThisPanelUntilItsLinkIsActivated() {
        QSettings().remove(QStringLiteral("view/lesson-using-open"));
        rope::ui::ExplorerState state;
        rope::ui::FigurePanel panel(*rope::figures::findFigure("heatmap"), state);
        panel.show();
        auto* lesson = panel.findChild<QTextBrowser*>();
        QVERIFY(lesson != nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(panel.lessonLoaded(), 30000);
        // A sentence of the section, as lessonSection() gives it (heading dropped).
        QString section = rope::figures::lessonSection("heatmap", QStringLiteral("en"), "using");
        section.remove(QRegularExpression(QStringLiteral("<h4>.*?</h4>"),
                                          QRegularExpression::DotMatchesEverythingOption));
        QTextDocument doc;
        doc.setHtml(section);
        const QString sentence = doc.toPlainText().simplified().left(40);
        QVERIFY(sentence.size() > 20);
        const auto shows = [&] { return lesson->toPlainText().simplified().contains(sentence); };
        QVERIFY(!panel.lessonUsingOpen());
        QVERIFY2(!shows(), "folded by default");
        QVERIFY(lesson->toPlainText().contains(QStringLiteral("Using this panel")));
        QVERIFY(lesson->toPlainText().contains(QStringLiteral("(show)")));
        // Keyboard: Tab moves to the toggle (the first link of the text), Enter activates it.
        lesson->setFocus();
        bool opened = false;
        for (int i = 0; i < 30 && !opened; ++i) {
            QTest::keyClick(lesson, Qt::Key_Tab);
            if (lesson->textCursor().selectedText().contains(QStringLiteral("Using this panel"))) {
                QTest::keyClick(lesson, Qt::Key_Return);
                opened = true;
            }
        }
        QVERIFY2(opened, "the toggle is not reachable with Tab");
        QVERIFY(panel.lessonUsingOpen());
        QVERIFY2(shows(), "unfolded after Enter");
        QVERIFY(QSettings().value(QStringLiteral("view/lesson-using-open")).toBool());
        panel.setLessonUsingOpen(false);
        QVERIFY(!shows());
        QSettings().remove(QStringLiteral("view/lesson-using-open"));
    }

    void zoomRecomputesAtScreenResolution() {
        rope::ui::ExplorerState state;
        rope::RopeParams p = state.params();
        p.context = 32768;
        QVERIFY(state.setParams(p));
        FigurePanel panel(*rope::figures::findFigure("heatmap"), state);
        panel.setMode(FigurePanel::Mode::Sync);
        panel.resize(900, 600);
        panel.show();
        panel.refresh();
        panel.plot()->yAxis->setRange(99.5, 199.5); // as a wheel zoom would
        QCOMPARE(panel.options().value(QStringLiteral("y-min")).toDouble(), 99.5);
        const rope::ui::ColourMap& map = *panel.data().colourMap;
        // 100 positions on a plot taller than 100 px: one row per position.
        QCOMPARE(map.rows, 100);
        const Eigen::ArrayXXd expected = rope::phaseHeatmap(rope::scaledFrequencies(p).invFreq, 100,
                                                            199, 1000, rope::PhaseQuantity::Cos);
        QCPColorMap* drawn = colourMap(panel.plot());
        for (int r = 0; r < 100; ++r) {
            QCOMPARE(drawn->data()->cell(5, r), expected(r, 5));
        }
        QCOMPARE(panel.plot()->yAxis->range().lower, 99.5);
    }

    // Derivation: Next / Previous step the "page" option (and its spin box) through 1 … 12,
    // each disabled at its end; the drawn title names the page.
    void derivationNextAndPreviousStepThePages() {
        rope::ui::ExplorerState state;
        FigurePanel panel(*rope::figures::findFigure("derivation"), state);
        panel.setMode(FigurePanel::Mode::Sync);
        panel.resize(900, 600);
        panel.show();
        panel.refresh();
        auto* next = panel.findChild<QPushButton*>(QStringLiteral("next-page"));
        auto* previous = panel.findChild<QPushButton*>(QStringLiteral("previous-page"));
        auto* spin = panel.findChild<QSpinBox*>(QStringLiteral("page"));
        QVERIFY(next != nullptr && previous != nullptr && spin != nullptr);
        QVERIFY(!previous->isEnabled());
        for (int page = 2; page <= 12; ++page) {
            QVERIFY(next->isEnabled());
            next->click();
            QCOMPARE(panel.options().value(QStringLiteral("page")).toInt(), page);
            QCOMPARE(spin->value(), page);
            QVERIFY(panel.data().title.contains(QStringLiteral("%1/12").arg(page)));
        }
        QVERIFY(!next->isEnabled());
        previous->click();
        QCOMPARE(panel.options().value(QStringLiteral("page")).toInt(), 11);
        spin->setValue(1);
        QVERIFY(!previous->isEnabled());
        QVERIFY(next->isEnabled());
    }

    void rotationArrowsAreRotatedByMTheta_data() {
        QTest::addColumn<int>("pair");
        QTest::addColumn<qlonglong>("m");
        QTest::addColumn<qlonglong>("n");
        QTest::newRow("pair 0") << 0 << 3LL << 10LL;
        QTest::newRow("pair 5") << 5 << 1000LL << 7LL;
        QTest::newRow("pair 63 far") << 63 << 100000LL << 2LL;
    }
    void rotationArrowsAreRotatedByMTheta() {
        QFETCH(int, pair);
        QFETCH(qlonglong, m);
        QFETCH(qlonglong, n);
        rope::ui::ExplorerState state;
        rope::RopeParams p = state.params();
        p.m = m;
        p.n = n;
        p.context = 200000;
        QVERIFY(state.setParams(p));
        FigurePanel panel(*rope::figures::findFigure("rotation"), state);
        panel.setMode(FigurePanel::Mode::Sync);
        panel.show();
        panel.findChild<QSpinBox*>(QStringLiteral("pair"))->setValue(pair);
        const long double theta = powl(1e4L, -2.0L * pair / 128.0L);
        const long double phi = 60.0L * std::numbers::pi_v<long double> / 180.0L;
        QCPCurve* q = curveNamed(panel.plot(), QStringLiteral("Rₘq (q at position m)"));
        QCPCurve* k = curveNamed(panel.plot(), QStringLiteral("Rₙk (k at position n)"));
        QVERIFY(q != nullptr && k != nullptr);
        const auto end = [](QCPCurve* c) { return (c->data()->constEnd() - 1); };
        // |m·θ| up to 1e5 rad: one ulp of the angle is ~1.5e-11, so 1e-9 absolute.
        QVERIFY(rope::test::close(end(q)->key, static_cast<double>(cosl(m * theta)), 0, 1e-9));
        QVERIFY(rope::test::close(end(q)->value, static_cast<double>(sinl(m * theta)), 0, 1e-9));
        QVERIFY(rope::test::close(end(k)->key, static_cast<double>(0.8L * cosl(phi + n * theta)), 0,
                                  1e-9));
        QVERIFY(rope::test::close(end(k)->value, static_cast<double>(0.8L * sinl(phi + n * theta)),
                                  0, 1e-9));
        // Score = |q||k| cos(φ + (n−m)θ).
        const rope::ui::Readout& score = panel.data().readouts.back();
        QVERIFY(rope::test::close(
            score.value, static_cast<double>(0.8L * cosl(phi + (n - m) * theta)), 0, 1e-9));
    }

    void movingMAndNTogetherKeepsTheScore() {
        rope::ui::ExplorerState state;
        FigurePanel panel(*rope::figures::findFigure("rotation"), state);
        panel.setMode(FigurePanel::Mode::Sync);
        panel.show();
        panel.findChild<QComboBox*>(QStringLiteral("animate"))->setCurrentIndex(1);
        const double score = panel.data().readouts.back().value;
        const double between = panel.data().readouts.at(3).value;
        const long long gap = state.params().n - state.params().m;
        auto* play = panel.findChild<QPushButton*>(QStringLiteral("play"));
        play->setChecked(true);
        QTRY_VERIFY(state.params().m >= 6);
        play->setChecked(false);
        QCOMPARE(state.params().n - state.params().m, gap);
        QVERIFY(rope::test::close(panel.data().readouts.back().value, score, 1e-12, 1e-12));
        QVERIFY(rope::test::close(panel.data().readouts.at(3).value, between, 1e-12, 1e-12));
    }

    void invalidParametersAreRefusedWithAReason() {
        rope::ui::ExplorerState state;
        QSignalSpy rejected(&state, &rope::ui::ExplorerState::rejected);
        QSignalSpy changed(&state, &rope::ui::ExplorerState::paramsChanged);
        rope::RopeParams p = state.params();
        p.headDim = 7;
        QVERIFY(!state.setParams(p));
        p.headDim = 64;
        p.base = 0.5;
        QVERIFY(!state.setParams(p));
        QCOMPARE(rejected.count(), 2);
        QCOMPARE(rejected.at(0).at(0).toString(), QStringLiteral("dim"));
        QCOMPARE(rejected.at(1).at(0).toString(), QStringLiteral("base"));
        QVERIFY(rejected.at(1).at(1).toString().contains(QStringLiteral("0.5")));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(state.params().headDim, 128);
    }

    void scalingRowsFollowTheMethod() {
        rope::ui::MainWindow window(nullptr, false);
        window.show();
        QComboBox* combo = window.form().methodCombo();
        QCOMPARE(combo->count(), static_cast<int>(rope::allScalingMethods().size()));
        for (int k = 0; k < combo->count(); ++k) {
            combo->setCurrentIndex(k);
            const rope::ScalingMethod& method =
                rope::allScalingMethods()[static_cast<std::size_t>(k)];
            for (std::string_view used : method.usedParams) {
                const QString id =
                    QString::fromLatin1(used.data(), static_cast<qsizetype>(used.size()));
                if (window.form().control(id) != nullptr || id == QLatin1String("truncate")) {
                    QVERIFY2(window.form().isRowVisible(id), qPrintable(id));
                }
            }
            QCOMPARE(window.state().params().scaling.method, method.kind);
        }
        QVERIFY(!window.form().isRowVisible(QStringLiteral("factor")) ||
                !rope::allScalingMethods().back().usedParams.empty());
    }

    void methodComboDrivesTheExtensionCurve_data() {
        QTest::addColumn<int>("index");
        for (std::size_t k = 0; k < rope::allScalingMethods().size(); ++k) {
            QTest::newRow(rope::allScalingMethods()[k].id.data()) << static_cast<int>(k);
        }
    }
    void methodComboDrivesTheExtensionCurve() {
        QFETCH(int, index);
        rope::ui::MainWindow window(nullptr, false);
        FigurePanel* panel = panelById(window, QStringLiteral("extension"));
        QVERIFY(panel != nullptr);
        panel->setMode(FigurePanel::Mode::Sync);
        window.pages()->setCurrentWidget(panel);
        window.show();
        window.form().control(QStringLiteral("factor"))->spinBox()->setValue(8.0);
        window.form().methodCombo()->setCurrentIndex(index);
        const rope::RopeParams& p = window.state().params();
        QCOMPARE(p.scaling.factor, 8.0);
        const Eigen::ArrayXd expected = rope::wavelengths(rope::scaledFrequencies(p).invFreq);
        // Graph 1 is the scaled curve; with no method only the original one (graph 0) is drawn.
        const QCPGraph* graph =
            panel->plot()->graph(p.scaling.method == rope::ScalingKind::Default ? 0 : 1);
        QCOMPARE(graph->dataCount(), static_cast<int>(expected.size()));
        for (int i = 0; i < graph->dataCount(); ++i) {
            QCOMPARE(graph->dataMainValue(i), expected[i]);
        }
    }

    void identityMapIsTheCoreResidual_data() {
        QTest::addColumn<int>("index");
        QTest::newRow("relativity") << 0;
        QTest::newRow("composition") << 1;
        QTest::newRow("orthogonality") << 2;
    }
    void identityMapIsTheCoreResidual() {
        QFETCH(int, index);
        rope::ui::ExplorerState state;
        rope::RopeParams p = state.params();
        p.headDim = 16;
        p.m = 123456;
        p.n = 77;
        QVERIFY(state.setParams(p));
        FigurePanel panel(*rope::figures::findFigure("identity"), state);
        panel.setMode(FigurePanel::Mode::Sync);
        panel.show();
        panel.findChild<QComboBox*>(QStringLiteral("view"))->setCurrentIndex(2); // residual
        auto* combo = panel.findChild<QComboBox*>(QStringLiteral("identity"));
        combo->setCurrentIndex(index == 0 ? 1 : 0);
        combo->setCurrentIndex(index);
        const Eigen::ArrayXd theta = rope::scaledFrequencies(p).invFreq;
        const Eigen::MatrixXd expected =
            index == 0   ? rope::relativityResidualMatrix(theta, 123456, 77)
            : index == 1 ? rope::compositionResidualMatrix(theta, 123456, 77)
                         : rope::orthogonalityResidualMatrix(theta, 123456);
        QCPColorMap* map = colourMap(panel.plot());
        QCOMPARE(map->data()->keySize(), 16);
        for (int r = 0; r < 16; ++r) {
            for (int c = 0; c < 16; ++c) {
                QCOMPARE(map->data()->cell(c, r), std::abs(expected(r, c)));
            }
        }
        QCOMPARE(panel.data().readouts.at(0).value, rope::relativityResidual(theta, 123456, 77));
    }

    void decayCurveIsTheCoreMeanCosine_data() {
        QTest::addColumn<int>("curve");
        QTest::newRow("mean-cosine") << 0;
        QTest::newRow("upper-bound") << 1;
        QTest::newRow("similar-score") << 2;
    }
    void decayCurveIsTheCoreMeanCosine() {
        QFETCH(int, curve);
        rope::ui::ExplorerState state;
        rope::RopeParams p = state.params();
        p.context = 32768;
        p.base = 50000;
        QVERIFY(state.setParams(p));
        FigurePanel panel(*rope::figures::findFigure("decay"), state);
        panel.setMode(FigurePanel::Mode::Sync);
        panel.resize(900, 500);
        panel.show();
        auto* combo = panel.findChild<QComboBox*>(QStringLiteral("curve"));
        combo->setCurrentIndex(curve == 0 ? 1 : 0);
        combo->setCurrentIndex(curve);
        // graph 0/1: min/max per pixel column of the current base over every distance; graph 2:
        // the column mean (the decay panel's own tests check the envelope by brute force).
        const QCPGraph* lo = panel.plot()->graph(0);
        const QCPGraph* hi = panel.plot()->graph(1);
        const QCPGraph* mean = panel.plot()->graph(2);
        const int columns = lo->dataCount();
        QVERIFY(columns > 100 && columns <= 900);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(128, 50000);
        const Eigen::ArrayXd all = rope::distanceRange(0, 32767);
        const Eigen::ArrayXd expected = curve == 0   ? rope::meanCosine(theta, all)
                                        : curve == 1 ? rope::relativeUpperBound(theta, all)
                                                     : rope::expectedSimilarScore(theta, all);
        for (int k = 0; k < columns; k += 37) {
            const long long first = static_cast<long long>(k) * 32768 / columns;
            const long long last = static_cast<long long>(k + 1) * 32768 / columns - 1;
            QCOMPARE(lo->dataMainKey(k), 0.5 * static_cast<double>(first + last));
            const Eigen::ArrayXd seg = expected.segment(first, last - first + 1);
            QVERIFY(std::abs(lo->dataMainValue(k) - seg.minCoeff()) < 1e-12);
            QVERIFY(std::abs(hi->dataMainValue(k) - seg.maxCoeff()) < 1e-12);
            QVERIFY(std::abs(mean->dataMainValue(k) - seg.mean()) < 1e-12);
        }
    }

    void baseBoundMarksTheFirstNegativeDistance() {
        rope::ui::MainWindow window(nullptr, false);
        FigurePanel* panel = panelById(window, QStringLiteral("base-bound"));
        panel->setMode(FigurePanel::Mode::Sync);
        window.pages()->setCurrentWidget(panel);
        window.show();
        window.form().control(QStringLiteral("context"))->spinBox()->setValue(8192);
        window.form().control(QStringLiteral("base"))->spinBox()->setValue(20000);
        panel->findChild<QComboBox*>(QStringLiteral("view"))->setCurrentIndex(1); // Σcos view
        const Eigen::ArrayXd theta = rope::inverseFrequencies(128, 20000);
        const std::optional<long long> first = rope::firstNegativeDistance(theta, 8192);
        QCOMPARE(panel->data().readouts.at(0).value, first ? static_cast<double>(*first) : -1.0);
        QCOMPARE(panel->data().readouts.at(1).value, rope::quarterTurnContext(theta));
        panel->findChild<QCheckBox*>(QStringLiteral("min-base"))->setChecked(true);
        QCOMPARE(panel->data().readouts.at(3).value, rope::minimalBase(8192, 128).base);
        // Independent check of the marker: f(m) = Σ cos(m·θ_i) in long double at the marked m
        // is negative and non-negative at every m before it.
        if (first) {
            const auto f = [&theta](long long m) {
                long double sum = 0;
                for (Eigen::Index i = 0; i < theta.size(); ++i) {
                    sum += cosl(static_cast<long double>(m) * theta[i]);
                }
                return sum;
            };
            QVERIFY(f(*first) < 0);
            for (long long m = 0; m < *first; ++m) {
                QVERIFY2(f(m) >= -1e-12L, qPrintable(QString::number(m)));
            }
        }
    }

    // The panel checks a value as `--set` does (the rotation table: k-angle-deg an integer in
    // [−180, 180]): a refused value is not stored, its control shows the value in use, marked,
    // with the reason as tooltip, and the reason reaches failed() (the window's status bar).
    void refusedOptionValuesAreNamedAndNotStored() {
        rope::ui::ExplorerState state;
        FigurePanel panel(*rope::figures::findFigure("rotation"), state);
        panel.setMode(FigurePanel::Mode::Sync);
        QSignalSpy failed(&panel, &FigurePanel::failed);
        auto* spin = panel.controls()->findChild<QSpinBox*>(QStringLiteral("k-angle-deg"));
        QVERIFY(spin != nullptr);

        panel.setOption(QStringLiteral("k-angle-deg"), 500);
        QVERIFY(!panel.options().contains(QStringLiteral("k-angle-deg")));
        QCOMPARE(failed.count(), 1);
        const QString reason = failed.at(0).at(0).toString();
        QVERIFY2(reason.contains(QStringLiteral(
                     "option 'k-angle-deg': '500' is not valid; expected an integer in [-180, 180]")),
                 qPrintable(reason));
        QVERIFY(spin->property("refused").toBool());
        QVERIFY(spin->toolTip().contains(QStringLiteral("'500'")));
        QCOMPARE(spin->value(), 60); // the default, still in use

        panel.setOption(QStringLiteral("k-angle-deg"), 90);
        QCOMPARE(panel.options().value(QStringLiteral("k-angle-deg")).toLongLong(), 90LL);
        QVERIFY(!spin->property("refused").toBool());
        QCOMPARE(failed.count(), 1);

        panel.setOption(QStringLiteral("no-such"), 1);
        QCOMPARE(failed.count(), 2);
        QVERIFY(failed.at(1).at(0).toString().contains(QStringLiteral("no option 'no-such'")));
        QVERIFY(!panel.options().contains(QStringLiteral("no-such")));

        // Restored options (a session) pass the same check: a half pair is refused.
        panel.restoreOptions({{QStringLiteral("pair"), 2.5}});
        QCOMPARE(failed.count(), 3);
        QVERIFY(failed.at(2).at(0).toString().contains(QStringLiteral("option 'pair'")));
        QVERIFY(panel.options().isEmpty());
    }

    void asyncModeDropsStaleResults() {
        rope::ui::ExplorerState state;
        FigurePanel panel(*rope::figures::findFigure("heatmap"), state);
        panel.resize(800, 500);
        panel.show();
        QSignalSpy rendered(&panel, &FigurePanel::rendered);
        rope::RopeParams p = state.params();
        for (int k = 1; k <= 20; ++k) {
            p.base = 1000.0 * k;
            QVERIFY(state.setParams(p));
        }
        QTRY_VERIFY(rendered.count() >= 1);
        QTRY_COMPARE(panel.data().title,
                     QStringLiteral("cos(mθᵢ) of every pair (d = 128, b = 20000)"));
        QVERIFY(rendered.count() < 20); // coalesced, not one frame per request
        QTest::qWait(50);
        QCOMPARE(panel.data().title, QStringLiteral("cos(mθᵢ) of every pair (d = 128, b = 20000)"));
    }
};

QTEST_MAIN(TestFigures)
#include "tst_figures.moc"
