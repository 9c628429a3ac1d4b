// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The sidebar (topics, search, shortcuts), panels keeping their state while the user moves
// around, the window size, and the course pane: opening a step prepares its panel, answers are
// checked against the core's value with the step's tolerance, progress counts solved steps.
#include "figures/course.h"
#include "figures/figure_registry.h"
#include "tests/test_support.h"
#include "ui/course_pane.h"
#include "ui/explorer_state.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"

#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QRadioButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

using rope::ui::CoursePane;
using rope::ui::FigurePanel;
using rope::ui::MainWindow;

namespace {

QStringList visiblePanels(const MainWindow& w) {
    QStringList ids;
    for (QTreeWidgetItemIterator it(w.navigation()); *it != nullptr; ++it) {
        if ((*it)->parent() != nullptr && !(*it)->isHidden()) {
            ids << (*it)->toolTip(0);
        }
    }
    return ids;
}

} // namespace

namespace {
int stepIndex(const char* id) {
    const std::vector<rope::figures::CourseStep>& steps = rope::figures::builtinCourse();
    for (std::size_t k = 0; k < steps.size(); ++k) {
        if (steps[k].id == QLatin1String(id)) {
            return int(k);
        }
    }
    qFatal("no course step %s", id);
}
} // namespace

class TestNavigation : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("rope-explorer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_navigation"));
        QSettings().remove(QStringLiteral("course"));
    }

    void sidebarListsEveryPanelUnderItsTopic() {
        MainWindow w(nullptr, false);
        QTreeWidget* tree = w.navigation();
        int panels = 0;
        for (int t = 0; t < tree->topLevelItemCount(); ++t) {
            QTreeWidgetItem* topic = tree->topLevelItem(t);
            for (int k = 0; k < topic->childCount(); ++k) {
                const rope::figures::Figure* f =
                    rope::figures::findFigure(topic->child(k)->toolTip(0).toStdString());
                QVERIFY(f != nullptr);
                QCOMPARE(topic->data(0, Qt::UserRole + 1).toString(),
                         QString::fromLatin1(f->group.data(), qsizetype(f->group.size())));
                ++panels;
            }
        }
        QCOMPARE(panels, int(rope::figures::allFigures().size()));
        QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("Foundations"));
    }

    void clickingAnEntryShowsItsPanelAndTheSidebarFollows() {
        MainWindow w(nullptr, false);
        QTreeWidgetItemIterator it(w.navigation());
        while ((*it)->toolTip(0) != QLatin1String("decay")) {
            ++it;
        }
        w.navigation()->setCurrentItem(*it);
        QCOMPARE(w.currentPanel()->objectName(), QStringLiteral("decay"));
        QVERIFY(w.showPanel(QStringLiteral("layouts")));
        QCOMPARE(w.navigation()->currentItem()->toolTip(0), QStringLiteral("layouts"));
        QVERIFY(!w.showPanel(QStringLiteral("nope")));
    }

    void searchFiltersByTitleIdAndTopic() {
        MainWindow w(nullptr, false);
        w.navigationFilter()->setText(QStringLiteral("DECAY"));
        QCOMPARE(visiblePanels(w), QStringList{QStringLiteral("decay")});
        w.navigationFilter()->setText(QStringLiteral("long context"));
        QStringList longContext;
        for (const rope::figures::Figure& f : rope::figures::allFigures()) {
            if (f.group == "long-context") {
                longContext << rope::figures::figureId(f);
            }
        }
        QCOMPARE(visiblePanels(w), longContext);
        w.navigationFilter()->setText(QStringLiteral("zzz"));
        QVERIFY(visiblePanels(w).isEmpty());
        w.navigationFilter()->clear();
        QCOMPARE(visiblePanels(w).size(), int(rope::figures::allFigures().size()));
        // Enter opens the first match.
        w.navigationFilter()->setText(QStringLiteral("precision"));
        QTest::keyClick(w.navigationFilter(), Qt::Key_Return);
        QCOMPARE(w.currentPanel()->objectName(), QStringLiteral("precision"));
    }

    void nextAndPreviousFollowTheSidebarAndWrap() {
        MainWindow w(nullptr, false);
        const QStringList order = visiblePanels(w);
        w.showPanel(order.first());
        w.stepPanel(1);
        QCOMPARE(w.currentPanel()->objectName(), order[1]);
        w.stepPanel(-2);
        QCOMPARE(w.currentPanel()->objectName(), order.last());
        // With a search, only the matching panels are visited.
        w.navigationFilter()->setText(QStringLiteral("long context"));
        const QStringList filtered = visiblePanels(w);
        w.showPanel(filtered.first());
        for (int k = 0; k < filtered.size(); ++k) {
            w.stepPanel(1);
            QVERIFY(filtered.contains(w.currentPanel()->objectName()));
        }
        QCOMPARE(w.currentPanel()->objectName(), filtered.first());
    }

    void panelsKeepTheirOptionsWhileMovingAround() {
        MainWindow w(nullptr, false);
        FigurePanel* heatmap = w.panel(QStringLiteral("heatmap"));
        w.showPanel(QStringLiteral("heatmap"));
        heatmap->setOption(QStringLiteral("quantity"), QStringLiteral("sin"));
        w.showPanel(QStringLiteral("decay"));
        w.stepPanel(1);
        w.showPanel(QStringLiteral("heatmap"));
        QCOMPARE(w.currentPanel(), heatmap);
        QCOMPARE(heatmap->options().value(QStringLiteral("quantity")).toString(),
                 QStringLiteral("sin"));
    }

    void windowOpensAtMostOfTheScreen_data() {
        QTest::addColumn<QSize>("available");
        QTest::addColumn<QSize>("expected");
        // 85 %, but never below 1280×800 when the screen has room for it.
        QTest::newRow("fhd") << QSize(1920, 1040) << QSize(1632, 884);
        QTest::newRow("small") << QSize(1366, 728) << QSize(1280, 728);
        QTest::newRow("1280x800") << QSize(1280, 800) << QSize(1280, 800);
        QTest::newRow("4k") << QSize(3840, 2100) << QSize(3264, 1785);
    }

    void windowOpensAtMostOfTheScreen() {
        QFETCH(QSize, available);
        QFETCH(QSize, expected);
        QCOMPARE(MainWindow::initialSize(available), expected);
    }

    void openingAStepPreparesItsPanel() {
        MainWindow w(nullptr, false);
        CoursePane* course = w.course();
        QVERIFY(course != nullptr);
        const std::vector<rope::figures::CourseStep>& steps = rope::figures::builtinCourse();
        for (int k = 0; k < int(steps.size()); ++k) {
            course->setCurrentIndex(k);
            const rope::figures::CourseStep& step = steps[std::size_t(k)];
            QCOMPARE(w.currentPanel()->objectName(), step.panel);
            QCOMPARE(w.state().params().headDim, step.params.headDim);
            QCOMPARE(w.state().params().base, step.params.base);
            QCOMPARE(w.state().params().scaling.method, step.params.scaling.method);
            for (auto it = step.options.begin(); it != step.options.end(); ++it) {
                QCOMPARE(w.currentPanel()->options().value(it.key()), it.value());
            }
            QVERIFY(course->findChild<QLabel*>(QStringLiteral("course-title"))
                        ->text()
                        .startsWith(QStringLiteral("Step %1 of %2").arg(k + 1).arg(steps.size())));
        }
    }

    void answersAreCheckedWithTheTolerance() {
        MainWindow w(nullptr, false);
        CoursePane* course = w.course();
        int index = 0;
        while (rope::figures::builtinCourse()[std::size_t(index)].id !=
               QLatin1String("heatmap-first-slow-pair")) {
            ++index;
        }
        course->setCurrentIndex(index);
        QTRY_VERIFY_WITH_TIMEOUT(course->answerReady(), 30000);
        auto* verdict = course->findChild<QLabel*>(QStringLiteral("course-verdict"));
        auto* explanation = course->findChild<QTextBrowser*>(QStringLiteral("course-explanation"));
        auto* progress = course->findChild<QProgressBar*>(QStringLiteral("course-progress"));
        QCOMPARE(progress->value(), 0);
        QVERIFY(!course->checkAnswer(QStringLiteral("abc")));
        QVERIFY(verdict->text().contains(QStringLiteral("Not a number: 'abc'")));
        // By hand: 2π·10000^(2i/128) > 4096 first for i = 46.
        QVERIFY(!course->checkAnswer(QStringLiteral("45")));
        QVERIFY(explanation->toPlainText().isEmpty()); // not revealed yet
        // The typical wrong answer gets its hint (off by one pair).
        QVERIFY(course->findChild<QLabel*>(QStringLiteral("course-hint"))
                    ->text()
                    .contains(QStringLiteral("Pair 45 still has")));
        QCOMPARE(progress->value(), 0);
        QVERIFY(course->checkAnswer(QStringLiteral("46.4")));
        QVERIFY(verdict->text().startsWith(QStringLiteral("Correct")));
        QVERIFY(explanation->toPlainText().contains(QStringLiteral("i is 46")));
        QCOMPARE(progress->value(), 1);
        QVERIFY(course->solved().contains(QStringLiteral("heatmap-first-slow-pair")));
        // Moving on clears the answer and the explanation; progress stays.
        course->setCurrentIndex(index + 1);
        QVERIFY(explanation->toPlainText().isEmpty());
        QCOMPARE(progress->value(), 1);
        course->revealAnswer(); // shown now or once the answer arrives
        QTRY_VERIFY_WITH_TIMEOUT(!explanation->toPlainText().isEmpty(), 30000);
    }

    void everyKindShowsItsControls() {
        MainWindow w(nullptr, false);
        CoursePane* course = w.course();
        auto* answer = course->findChild<QLineEdit*>(QStringLiteral("course-answer"));
        auto* choices = course->findChild<QWidget*>(QStringLiteral("course-choices"));
        auto* find = course->findChild<QLabel*>(QStringLiteral("course-find"));
        auto* hint = course->findChild<QLabel*>(QStringLiteral("course-hint"));
        auto* solution = course->findChild<QTextBrowser*>(QStringLiteral("course-explanation"));
        // choice: one button per choice; a wrong idea gets its own hint, the right one the
        // worked solution.
        course->setCurrentIndex(stepIndex("attention-permutation"));
        QVERIFY(!answer->isVisibleTo(course) && choices->isVisibleTo(course));
        QCOMPARE(choices->findChildren<QRadioButton*>().size(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(course->answerReady(), 30000);
        QVERIFY(!course->checkChoice(QStringLiteral("later")));
        QVERIFY(hint->text().contains(QStringLiteral("Position 4 is later")));
        QVERIFY(course->checkChoice(QStringLiteral("same")));
        QVERIFY(solution->toPlainText().contains(QStringLiteral("permutation-equivariant")));
        // predict: committing moves the panel to the reveal (encoding none → rope).
        course->setCurrentIndex(stepIndex("attention-rope-tells-apart"));
        QCOMPARE(w.currentPanel()->options().value(QStringLiteral("encoding")).toString(),
                 QStringLiteral("none"));
        QTRY_VERIFY_WITH_TIMEOUT(course->answerReady(), 30000);
        QVERIFY(!course->checkChoice(QStringLiteral("same")));
        QCOMPARE(w.currentPanel()->options().value(QStringLiteral("encoding")).toString(),
                 QStringLiteral("rope"));
        // find: checked live from the panel state, never typed.
        const int findIndex = stepIndex("base-bound-find-feasible");
        course->setCurrentIndex(findIndex);
        QVERIFY(find->isVisibleTo(course) && !answer->isVisibleTo(course) &&
                !choices->isVisibleTo(course));
        QTRY_VERIFY_WITH_TIMEOUT(course->findStatus().startsWith(QStringLiteral("Not yet")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(hint->text().contains(QStringLiteral("m = 18438")), 30000);
        rope::RopeParams p = w.state().params();
        p.base = 630000; // inside the first island above b* ≈ 629 978
        QVERIFY(w.state().setParams(p));
        QTRY_VERIFY_WITH_TIMEOUT(course->findStatus().startsWith(QStringLiteral("Reached")), 30000);
        QVERIFY(course->solved().contains(QStringLiteral("base-bound-find-feasible")));
        p.base = 635000; // in a gap: not feasible although larger
        QVERIFY(w.state().setParams(p));
        QTRY_VERIFY_WITH_TIMEOUT(hint->text().contains(QStringLiteral("m = 27650")), 30000);
        QVERIFY(course->findStatus().startsWith(QStringLiteral("Not yet")));
    }

    void aLabStepsRevealTrainsTheAnswersRace() {
        // A training-lab step opens the lab untrained (the prediction comes first); committing
        // presses Train, the only way the lab starts training, and the race drawn is the one the
        // answer trained: its readout "accuracy at 4L" is the answer itself.
        MainWindow w(nullptr, false);
        // Shown: a panel of a hidden window computes nothing (it is marked dirty until shown).
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        CoursePane* course = w.course();
        const int index = stepIndex("lab-rope-at-4l");
        course->setCurrentIndex(index);
        FigurePanel* lab = w.panel(QStringLiteral("training-lab"));
        QVERIFY(lab != nullptr && w.currentPanel() == lab);
        const QString run = QStringLiteral("run");
        QVERIFY(!lab->options().value(run).toBool());
        QTRY_VERIFY_WITH_TIMEOUT(course->answerReady(), 120000);
        QVERIFY(!course->checkChoice(QStringLiteral("holds")));
        QVERIFY(lab->options().value(run).toBool());
        const auto readout = [lab]() -> const rope::figures::Readout* {
            for (const rope::figures::Readout& r : lab->data().readouts) {
                if (r.label.endsWith(QStringLiteral("accuracy at 4L"))) {
                    return &r;
                }
            }
            return nullptr;
        };
        QTRY_VERIFY_WITH_TIMEOUT(!lab->busy() && readout() != nullptr, 120000);
        const double answer =
            rope::figures::courseAnswer(rope::figures::builtinCourse()[std::size_t(index)]);
        QCOMPARE(readout()->value, answer);
    }

    void progressIsRememberedAcrossRuns() {
        const std::vector<rope::figures::CourseStep>& steps = rope::figures::builtinCourse();
        const int kSlowPair = stepIndex("heatmap-first-slow-pair");
        {
            CoursePane first(steps, true);
            QCOMPARE(first.currentIndex(), 0);
            first.setCurrentIndex(kSlowPair);
            QCOMPARE(first.currentStep().id, QStringLiteral("heatmap-first-slow-pair"));
            QTRY_VERIFY_WITH_TIMEOUT(first.answerReady(), 30000);
            QVERIFY(first.checkAnswer(QStringLiteral("46")));
        }
        CoursePane second(steps, true);
        QCOMPARE(second.currentIndex(), kSlowPair);
        QCOMPARE(second.solved(), QSet<QString>{QStringLiteral("heatmap-first-slow-pair")});
        QCOMPARE(second.findChild<QProgressBar*>(QStringLiteral("course-progress"))->value(), 1);
        // Without persistence nothing is read.
        CoursePane fresh(steps, false);
        QCOMPARE(fresh.currentIndex(), 0);
        QVERIFY(fresh.solved().isEmpty());
        QSettings().remove(QStringLiteral("course"));
    }
};

QTEST_MAIN(TestNavigation)
#include "tst_navigation.moc"
