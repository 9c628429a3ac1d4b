// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Every panel of the window at 1280×800, in each of its views (and every page of the
// derivation), painted on a device that records each text and marker it is asked to draw: a
// panel fails on two texts drawn over each other or on a text over a marker. The figures say
// what a label names and where; the renderer places it (ui/render/label_layout.h), so this is
// the test of that placement on every figure as the user sees it. The slides and handout pages
// get the same checks in tst_deck_pages.
#include "figures/language.h"
#include "figures/option_table.h"
#include "tests/ui/paint_checks.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/render/label_layout.h"

#include <QApplication>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTest>
#include <qcustomplot.h>

#include <map>

using rope::test::RecordingDevice;
using rope::ui::FigurePanel;
using rope::ui::MainWindow;

namespace {

// Views whose figures are known to break a rule, each with its reason ("panel" or
// "panel:option=value"). A listed view's problems are reported, not failed; a listed view with
// no problem left fails (take it off the list).
const std::map<QString, const char*> kKnownProblems = {};

} // namespace

class TestLabelLayout : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("rope-explorer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_label_layout"));
        QSettings().clear();
        m_window = new MainWindow(nullptr, false);
        m_window->resize(1280, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
    }
    void cleanupTestCase() { delete m_window; }

    void panels_data() {
        QTest::addColumn<QString>("panel");
        QTest::addColumn<QString>("option");
        QTest::addColumn<QVariant>("value");
        for (FigurePanel* p : m_window->panels()) {
            const QString id = p->objectName();
            QTest::newRow(qPrintable(id)) << id << QString() << QVariant();
            for (const rope::figures::OptionSpec& o : p->figure().options()) {
                const QString option = QString::fromLatin1(o.id);
                if (option == QLatin1String("view")) {
                    for (std::size_t k = 1; k < o.choices.size(); ++k) {
                        const QString choice = o.choices[k].value;
                        QTest::newRow(qPrintable(id + QStringLiteral(":view=") + choice))
                            << id << option << QVariant(choice);
                    }
                } else if (option == QLatin1String("page")) {
                    for (int page = static_cast<int>(o.min) + 1; page <= static_cast<int>(o.max);
                         ++page) {
                        QTest::newRow(qPrintable(id + QStringLiteral(":page=%1").arg(page)))
                            << id << option << QVariant(page);
                    }
                }
            }
        }
    }
    void panels() {
        QFETCH(QString, panel);
        QFETCH(QString, option);
        QFETCH(QVariant, value);
        FigurePanel* shown = nullptr;
        for (FigurePanel* p : m_window->panels()) {
            shown = p->objectName() == panel ? p : shown;
        }
        QVERIFY(shown != nullptr);
        m_window->pages()->setCurrentWidget(shown);
        if (!option.isEmpty()) {
            shown->setOption(option, value);
        }
        // The panel's debounce and its first layout, then its computation to the end.
        QTest::qWait(400);
        QTRY_VERIFY_WITH_TIMEOUT(!shown->busy() && !shown->isDrawing(), 240000);
        QCustomPlot* plot = shown->plot();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        RecordingDevice device(QPaintEngine::Raster, plot->size());
        {
            QCPPainter painter(&device);
            plot->toPainter(&painter, plot->width(), plot->height());
        }
        const auto& texts = device.engine().texts;
        QVERIFY(!texts.empty()); // the device saw the plot (at least its axes' ticks)
        qInfo().noquote() << QStringLiteral("%1 texts, %2 markers, %3 labels")
                                 .arg(texts.size())
                                 .arg(device.engine().markers.size())
                                 .arg(rope::ui::placedLabels(*plot).size());
        QStringList problems = rope::test::overlappingTexts(texts) +
                               rope::test::textsOverMarkers(texts, device.engine().markers);
        const QString row =
            option.isEmpty() ? panel : QStringLiteral("%1:%2=%3").arg(panel, option,
                                                                       value.toString());
        // Back to the panel's default state for the next row.
        if (!option.isEmpty()) {
            shown->restoreOptions({});
        }
        const auto known = kKnownProblems.find(row);
        if (known != kKnownProblems.end()) {
            QVERIFY2(!problems.isEmpty(),
                     qPrintable(row + QStringLiteral(" has no problem left: take it off "
                                                     "kKnownProblems")));
            qInfo().noquote() << QStringLiteral("known (%1): %2 problem(s), e.g. %3; %4")
                                     .arg(row)
                                     .arg(problems.size())
                                     .arg(problems.first(), QString::fromUtf8(known->second));
            return;
        }
        for (const QString& p : problems) {
            qWarning().noquote() << row << p; // QtTest cuts a long message short
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1: %2 problem(s), listed above")
                                .arg(row)
                                .arg(problems.size())));
    }

private:
    MainWindow* m_window = nullptr;
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QTEST_FUNCTION_TIMEOUT")) {
        qputenv("QTEST_FUNCTION_TIMEOUT", "1500000");
    }
    QApplication app(argc, argv);
    TestLabelLayout test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_label_layout.moc"
