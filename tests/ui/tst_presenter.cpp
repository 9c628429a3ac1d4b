// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Presenter mode (issue #14 part 3): F5 opens the visible panel in large print, clicker keys
// step through the course, Esc leaves with the main window exactly as it was.
#include "figures/course.h"
#include "ui/course_pane.h"
#include "ui/explorer_state.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/presenter_window.h"

#include <QAction>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QtTest>
#include <qcustomplot.h>

using rope::ui::MainWindow;
using rope::ui::PresenterWindow;

class TestPresenter : public QObject {
    Q_OBJECT

private slots:
    void scaleFollowsTheScreen();
    void largePrintAndClickerKeys();
};

void TestPresenter::scaleFollowsTheScreen() {
    // 2.2 × height/1080, clamped to [1.5, 4.5].
    QCOMPARE(PresenterWindow::presenterScale(QSize(1920, 1080)), 2.2);
    QCOMPARE(PresenterWindow::presenterScale(QSize(3840, 2160)), 4.4);
    QCOMPARE(PresenterWindow::presenterScale(QSize(800, 600)), 1.5);
}

void TestPresenter::largePrintAndClickerKeys() {
    MainWindow window(nullptr, false);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction* f5 = window.findChild<QAction*>(QStringLiteral("presenter-mode"));
    QVERIFY(f5 != nullptr);
    QCOMPARE(f5->shortcut(), QKeySequence(Qt::Key_F5));
    rope::ui::CoursePane* course = window.course();
    QVERIFY(course != nullptr);
    // A step on a panel of curves (thick lines to check): rotation-angle-pair-0.
    int start = 0;
    while (rope::figures::builtinCourse()[std::size_t(start)].id !=
           QLatin1String("rotation-angle-pair-0")) {
        ++start;
    }
    course->setCurrentIndex(start);
    const QByteArray geometry = window.saveGeometry();
    const QByteArray state = window.saveState();
    const int page = window.pages()->currentIndex();

    PresenterWindow* presenter = rope::ui::openPresenter(window, QSize(1920, 1080));
    QSignalSpy rendered(presenter, &PresenterWindow::rendered);
    QVERIFY(rendered.wait(30000));
    // Tick labels and lines 2.2 times the window's plot.
    const QFont normal = window.currentPanel()->plot()->xAxis->tickLabelFont();
    const QFont large = presenter->plot()->xAxis->tickLabelFont();
    QCOMPARE(large.pointSizeF(), normal.pointSizeF() * 2.2);
    QCOMPARE(presenter->plot()->property("ropePenScale").toDouble(), 2.2);
    bool thick = false;
    for (int k = 0; k < presenter->plot()->plottableCount(); ++k) {
        thick = thick || presenter->plot()->plottable(k)->pen().widthF() >= 2.2;
    }
    QVERIFY(thick);

    // PageDown / Right: next step; PageUp / Left: previous.
    QTest::keyClick(presenter, Qt::Key_PageDown);
    QCOMPARE(course->currentIndex(), start + 1);
    QCOMPARE(window.currentPanel()->objectName(), course->currentStep().panel);
    QTest::keyClick(presenter, Qt::Key_Right);
    QCOMPARE(course->currentIndex(), start + 2);
    QTest::keyClick(presenter, Qt::Key_PageUp);
    QTest::keyClick(presenter, Qt::Key_Left);
    QCOMPARE(course->currentIndex(), start);
    QCOMPARE(window.pages()->currentIndex(), page);

    // A predict step: Return shows the solution and moves the panel to the reveal (m → 3000).
    int predict = 0;
    while (rope::figures::builtinCourse()[std::size_t(predict)].id !=
           QLatin1String("rotation-keeps-length")) {
        ++predict;
    }
    course->setCurrentIndex(predict);
    QCOMPARE(window.state().params().m, 3LL);
    QTest::keyClick(presenter, Qt::Key_Return);
    QCOMPARE(window.state().params().m, 3000LL);
    course->setCurrentIndex(start);

    // Esc leaves; the main window is as it was.
    QSignalSpy left(presenter, &PresenterWindow::left);
    QPointer<PresenterWindow> guard(presenter);
    QTest::keyClick(presenter, Qt::Key_Escape);
    QCOMPARE(left.count(), 1);
    QTRY_VERIFY(guard.isNull()); // deleted on close
    QVERIFY(window.isVisible());
    QCOMPARE(window.saveGeometry(), geometry);
    QCOMPARE(window.saveState(), state);
}

QTEST_MAIN(TestPresenter)
#include "tst_presenter.moc"
