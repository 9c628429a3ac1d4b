// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/absolute_encoding.h"
#include "core/attention.h"
#include "core/frequencies.h"
#include "core/precision.h"
#include "core/random_inputs.h"
#include "core/rope_2d.h"
#include "core/rotation.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "tests/figures/figure_test_support.h"
#include "tests/test_support.h"
#include "ui/explorer_state.h"
#include "ui/panels/figure_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

// The five deeper panels (layouts, rope-2d, absolute, attention, precision) as widgets: a click
// on a patch, the options the form's parameters drive, the log axes and the ranges the plot
// draws. Their figure data against core is tested without widgets in
// tests/figures/tst_structure_figure_data.cpp; build and export of every row are covered by
// tst_figures and tst_figure_export, which iterate the registry.

namespace {

using rope::test::compareColourMap;
using rope::test::readout;
using rope::ui::FigurePanel;

struct Fixture {
    rope::ui::ExplorerState state;
    std::unique_ptr<FigurePanel> panel;

    explicit Fixture(const char* id) {
        panel = std::make_unique<FigurePanel>(*rope::figures::findFigure(id), state);
        panel->setMode(FigurePanel::Mode::Sync);
        panel->resize(900, 600);
        panel->show();
        panel->refresh();
    }
    template <typename T> T* control(const char* name) const {
        return panel->findChild<T*>(QString::fromLatin1(name));
    }
    const rope::ui::FigureData& data() const { return panel->data(); }
    void select(const char* combo, const char* value) const {
        auto* c = control<QComboBox>(combo);
        QVERIFY2(c != nullptr, combo);
        const int index = c->findData(QString::fromLatin1(value));
        QVERIFY2(index >= 0, value);
        c->setCurrentIndex(index);
        // An untouched combo leaves the option unset: the figure's default is then its item.
        const QVariant option = panel->options().value(QString::fromLatin1(combo));
        QCOMPARE(option.isValid() ? option.toString() : c->currentData().toString(),
                 QString::fromLatin1(value));
    }
};

} // namespace

class TestStructureFigures : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void clickingAPatchMakesItTheQuery() {
        Fixture f("rope-2d");
        QCustomPlot* plot = f.panel->plot();
        plot->replot();
        const QPoint at(static_cast<int>(plot->xAxis->coordToPixel(5.0)),
                        static_cast<int>(plot->yAxis->coordToPixel(3.0)));
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(f.control<QSpinBox>("query-row")->value(), 3);
        QCOMPARE(f.control<QSpinBox>("query-col")->value(), 5);
        compareColourMap(f.data(),
                         rope::gridScores2d(Eigen::ArrayXd::Ones(32), Eigen::ArrayXd::Ones(32),
                                            rope::inverseFrequencies2d(32, f.state.params().base),
                                            16, 16, 3, 5));
    }

    void absoluteChecklistRangesHugTheGrid() {
        Fixture f("absolute");
        f.select("view", "checklist");
        QCOMPARE(f.data().colourMap->rows, 4);
        // The ranges hug the 4 × 7 grid: the readouts have their own area.
        QCOMPARE(f.panel->plot()->yAxis->range().lower, -0.5);
        QCOMPARE(f.panel->plot()->yAxis->range().upper, 3.5);
    }

    void precisionUsesRealLogAxes() {
        Fixture f("precision");
        QVERIFY(f.data().logX);
        QCustomPlot* plot = f.panel->plot();
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plot->yAxis->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(!qSharedPointerDynamicCast<QCPAxisTickerLog>(plot->xAxis->ticker()).isNull());
        // The axis spans the positions themselves, 1 … 10⁷ tokens.
        QCOMPARE(plot->xAxis->range().lower, 1.0);
        QCOMPARE(plot->xAxis->range().upper, 1e7);
        // Switching to a linear figure restores a linear axis on the same plot.
        rope::ui::drawFigure(*plot, rope::ui::FigureData{});
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLinear);
        QVERIFY(qSharedPointerDynamicCast<QCPAxisTickerLog>(plot->xAxis->ticker()).isNull());
    }

    void attentionRangesHugTheMatrix() {
        // The readouts sit in their own text area below the axes, so the y range is exactly the
        // matrix's rows (−½ … T − ½) and the axis rectangle is not stretched for them.
        Fixture f("attention");
        const int rows = f.data().colourMap->rows;
        QCPAxis* y = f.panel->plot()->yAxis;
        QCOMPARE(y->range().lower, -0.5);
        QCOMPARE(y->range().upper, rows - 0.5);
        QCOMPARE(f.data().yTicks.size(), static_cast<std::size_t>(rows));
        QVERIFY(f.data().readouts.size() >= 4);
        auto* readouts = f.panel->plot()->findChild<QCPLayoutGrid*>(QStringLiteral("ropeReadouts"));
        QVERIFY(readouts != nullptr);
        QVERIFY(readouts->elementCount() > 0);
        // Below the axis rectangle, not over it.
        QVERIFY(readouts->outerRect().top() >= f.panel->plot()->axisRect()->outerRect().bottom());
    }

    void attentionFactorFollowsTheMethodOrTheOverride() {
        Fixture f("attention");
        // Default: the current method's factor (YaRN with s = 8: 0.1·ln 8 + 1).
        rope::RopeParams p = f.state.params();
        p.scaling.method = rope::ScalingKind::Yarn;
        p.scaling.factor = 8.0;
        QVERIFY(f.state.setParams(p));
        const double yarn = rope::scaledFrequencies(f.state.params()).attentionFactor;
        QVERIFY(rope::test::close(yarn, 0.1 * std::log(8.0) + 1.0, 1e-12));
        QCOMPARE(readout(f.data(), QStringLiteral("attention factor")), yarn);
        QCOMPARE(f.control<QDoubleSpinBox>("factor")->value(), std::round(yarn * 1000) / 1000);

        rope::ToyAttentionParams toy;
        toy.base = p.base;
        toy.encoding = rope::AttentionEncoding::Rope;
        const Eigen::MatrixXd unit = rope::toyAttention(toy).attention.scores;
        f.control<QDoubleSpinBox>("factor")->setValue(2.0);
        f.control<QCheckBox>("override-factor")->setChecked(true);
        QCOMPARE(readout(f.data(), QStringLiteral("attention factor")), 2.0);
        toy.attentionFactor = 2.0;
        compareColourMap(f.data(), rope::toyAttention(toy).attention.scores);
        // q and k both scaled by a: scores by exactly a² = 4 (powers of two are exact).
        compareColourMap(f.data(), 4.0 * unit);
        f.control<QCheckBox>("override-factor")->setChecked(false);
        QCOMPARE(readout(f.data(), QStringLiteral("attention factor")), yarn);
    }

    void probeFollowsTheFormsPosition() {
        Fixture f("precision");
        rope::RopeParams p = f.state.params();
        p.m = 4097;
        p.n = 4100;
        QVERIFY(f.state.setParams(p));
        // Unset (−1, shown as "= m"), the probe is the form's m.
        QCOMPARE(f.control<QSpinBox>("position")->value(), -1);
        QCOMPARE(f.control<QSpinBox>("position")->text(), QStringLiteral("= m"));
        QCOMPARE(readout(f.data(), QStringLiteral("probe position")), 4097.0);
        // A probe set explicitly stays put when m moves.
        f.control<QSpinBox>("position")->setValue(15962);
        p.m = 5;
        QVERIFY(f.state.setParams(p));
        QTRY_COMPARE(readout(f.data(), QStringLiteral("probe position")), 15962.0);
    }
};

QTEST_MAIN(TestStructureFigures)
#include "tst_structure_figures.moc"
