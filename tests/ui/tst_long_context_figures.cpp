// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_registry.h"
#include "tests/figures/figure_test_support.h"
#include "ui/explorer_state.h"
#include "ui/panels/figure_panel.h"

#include <QComboBox>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTest>
#include <qcustomplot.h>

// The long-context panels as widgets: a restored option moves its control, and the plot's axes
// fit the identity matrices exactly. Their figure data against core (decay, base-bound,
// extension, identity) is tested without widgets in
// tests/figures/tst_long_context_figure_data.cpp.
namespace {

using rope::test::seriesById;
using rope::ui::FigurePanel;

struct PanelFixture {
    rope::ui::ExplorerState state;
    std::unique_ptr<FigurePanel> panel;
    PanelFixture(const char* id, const rope::RopeParams& p) {
        QVERIFY2(state.setParams(p), "parameters rejected");
        panel = std::make_unique<FigurePanel>(*rope::figures::findFigure(id), state);
        panel->setMode(FigurePanel::Mode::Sync);
        panel->resize(900, 600);
        panel->show();
        panel->refresh();
    }
    template <typename T> T* control(const char* name) {
        return panel->findChild<T*>(QString::fromLatin1(name));
    }
};

} // namespace

class TestLongContextFigures : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void restoredBasesMoveTheLineEdit() {
        rope::RopeParams p;
        p.context = 1024;
        PanelFixture f("decay", p);
        f.panel->restoreOptions({{QStringLiteral("bases"), QStringLiteral("2e4")}});
        QCOMPARE(f.control<QLineEdit>("bases")->text(), QStringLiteral("2e4"));
        QVERIFY(seriesById(f.panel->data(), u"base-20000") != nullptr);
        QVERIFY(seriesById(f.panel->data(), u"base-500000") == nullptr);
        f.panel->restoreOptions({});
        QCOMPARE(f.control<QLineEdit>("bases")->text(), QStringLiteral("1e4, 1e5, 1e6"));
    }

    void identityMatricesFitTheAxes() {
        rope::RopeParams p;
        p.headDim = 16;
        p.m = 1234;
        p.n = 77;
        PanelFixture f("identity", p);
        QCOMPARE(f.panel->data().colourMap->columns, 33);
        // Axes fit the matrix exactly.
        QCOMPARE(f.panel->plot()->xAxis->range().lower, -0.5);
        QCOMPARE(f.panel->plot()->xAxis->range().upper, 32.5);
        QCOMPARE(f.panel->plot()->yAxis->range().lower, -0.5);
        QCOMPARE(f.panel->plot()->yAxis->range().upper, 15.5);
    }

    void identityResidualViewFitsTheMatrix() {
        rope::RopeParams p;
        p.headDim = 128;
        p.m = 5;
        p.n = 3;
        PanelFixture f("identity", p);
        f.control<QComboBox>("view")->setCurrentIndex(2);
        QCOMPARE(f.panel->data().colourMap->columns, 128);
        QCOMPARE(f.panel->plot()->xAxis->range().lower, -0.5);
        QCOMPARE(f.panel->plot()->xAxis->range().upper, 127.5);
        QCOMPARE(f.panel->plot()->yAxis->range().lower, -0.5);
        QCOMPARE(f.panel->plot()->yAxis->range().upper, 127.5);
    }
};

QTEST_MAIN(TestLongContextFigures)
#include "tst_long_context_figures.moc"
