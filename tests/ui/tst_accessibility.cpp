// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Keyboard and screen-reader access: on every panel, the Tab focus chain (the order Tab
// follows: QWidget::nextInFocusChain, skipping what Tab skips) reaches every control, each
// control it reaches has a name a screen reader can speak, option controls follow their
// table's order and carry their label, plots are named "<title> plot", and Help ▸ Keyboard
// shortcuts lists the actions' real shortcuts.
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/panels/option_controls.h"
#include "ui/shortcuts_dialog.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QScrollBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <qcustomplot.h>

using namespace rope::ui;

namespace {

// What Tab moves to (QApplicationPrivate::focusNextPrevChild_helper's test).
bool tabStop(const QWidget* w, const QWidget* window) {
    return w->isVisibleTo(window) && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus) &&
           w->focusProxy() == nullptr && !w->isWindow();
}

QList<QWidget*> focusChain(QWidget* window) {
    QList<QWidget*> chain;
    QWidget* w = window;
    do {
        w = w->nextInFocusChain();
        if (tabStop(w, window)) {
            chain << w;
        }
    } while (w != window && chain.size() < 5000);
    return chain;
}

// The name a screen reader speaks: accessibleName, else the widget's text or its buddy
// label's (Qt's accessibility bridge).
QString spokenName(QWidget* w) {
    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(w);
    return iface != nullptr ? iface->text(QAccessible::Name).trimmed() : QString();
}

QString describe(const QWidget* w) {
    return QStringLiteral("%1 '%2' in %3")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(),
             w->parentWidget() != nullptr ? w->parentWidget()->objectName() : QString());
}

// Scroll bars are left out: the view they scroll takes the arrow keys itself.
bool isControl(const QWidget* w) {
    if (qobject_cast<const QScrollBar*>(w) != nullptr) {
        return false;
    }
    return qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
           qobject_cast<const QComboBox*>(w) || qobject_cast<const QAbstractSlider*>(w) ||
           qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractItemView*>(w) ||
           qobject_cast<const QCustomPlot*>(w);
}

} // namespace

class TestAccessibility : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("rope-explorer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_accessibility"));
        QSettings().clear();
        m_window = new MainWindow(nullptr, false);
        m_window->resize(1280, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
    }
    void cleanupTestCase() { delete m_window; }

    void everyControlIsReachableAndNamed_data() {
        QTest::addColumn<int>("page");
        for (FigurePanel* p : m_window->panels()) {
            QTest::newRow(qPrintable(p->objectName())) << m_window->pages()->indexOf(p);
        }
    }
    void everyControlIsReachableAndNamed() {
        QFETCH(int, page);
        m_window->pages()->setCurrentIndex(page);
        QCoreApplication::processEvents();
        const QList<QWidget*> chain = focusChain(m_window);
        QVERIFY(!chain.isEmpty());
        QStringList unnamed;
        for (QWidget* w : chain) {
            if (spokenName(w).isEmpty()) {
                unnamed << describe(w);
            }
        }
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral("; "))));
        // Every visible, enabled control of the page is on the chain (none is mouse-only).
        auto* panel = qobject_cast<FigurePanel*>(m_window->pages()->widget(page));
        QStringList unreachable;
        for (QWidget* w : panel->findChildren<QWidget*>()) {
            if (isControl(w) && w->isVisibleTo(m_window) && w->isEnabled() &&
                w->focusProxy() == nullptr && !chain.contains(w)) {
                unreachable << describe(w);
            }
        }
        QVERIFY2(unreachable.isEmpty(), qPrintable(unreachable.join(QStringLiteral("; "))));
        // The plot is named after the panel.
        QCOMPARE(panel->plot()->accessibleName(),
                 QStringLiteral("%1 plot").arg(
                     QCoreApplication::translate("Figures", panel->figure().title)));
        QVERIFY(chain.contains(panel->plot()));
        // Option controls: named after their label, in table order on the chain.
        qsizetype last = -1;
        for (const rope::figures::OptionSpec& spec : panel->figure().options()) {
            auto* control = panel->controls()->findChild<QWidget*>(QString::fromLatin1(spec.id));
            if (control == nullptr || !tabStop(control, m_window)) {
                continue;
            }
            QCOMPARE(control->accessibleName(),
                     translatedOptionText(spec.label).remove(QLatin1Char('&')));
            const qsizetype at = chain.indexOf(control);
            QVERIFY2(at > last, qPrintable(QStringLiteral("%1 out of table order").arg(spec.id)));
            last = at;
        }
    }

    void tabKeyFollowsTheChain() {
        m_window->showPanel(QStringLiteral("heatmap"));
        QCoreApplication::processEvents();
        m_window->activateWindow();
        const QList<QWidget*> chain = focusChain(m_window);
        // Press Tab from the parameters' first control through a run of the chain.
        const qsizetype start = chain.indexOf(m_window->navigationFilter());
        QVERIFY(start >= 0);
        m_window->navigationFilter()->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), m_window->navigationFilter());
        for (qsizetype k = 1; k < std::min<qsizetype>(chain.size(), 12); ++k) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            QCOMPARE(QApplication::focusWidget(), chain[(start + k) % chain.size()]);
        }
    }

    void shortcutsAreGeneratedFromActions() {
        std::vector<ShortcutEntry> entries = collectShortcuts(m_window);
        auto has = [&](const QString& action, const QKeySequence& keys) {
            const QString text = keys.toString(QKeySequence::NativeText);
            return std::any_of(entries.begin(), entries.end(), [&](const ShortcutEntry& e) {
                return e.action == action && e.keys.split(QStringLiteral(", ")).contains(text);
            });
        };
        QVERIFY(has(QStringLiteral("Save session"), QKeySequence(QKeySequence::Save)));
        QVERIFY(
            has(QStringLiteral("Open config.json…"), QKeySequence(QStringLiteral("Ctrl+Shift+O"))));
        QVERIFY(has(QStringLiteral("Next panel"), QKeySequence(QStringLiteral("Ctrl+PgDown"))));
        QVERIFY(has(QStringLiteral("Clear the search"), QKeySequence(Qt::Key_Escape)));
        QVERIFY(
            has(QStringLiteral("Keyboard shortcuts"), QKeySequence(QKeySequence::HelpContents)));
        // Nine panels on Alt+1…9.
        for (int k = 1; k <= 9; ++k) {
            const QString keys =
                QKeySequence(QStringLiteral("Alt+%1").arg(k)).toString(QKeySequence::NativeText);
            QVERIFY2(std::any_of(entries.begin(), entries.end(),
                                 [&](const ShortcutEntry& e) { return e.keys == keys; }),
                     qPrintable(keys));
        }
        // Generated, not written down: an action added now is listed.
        QMenu* help = nullptr;
        for (QAction* top : m_window->menuBar()->actions()) {
            if (top->menu() != nullptr && top->menu()->title() == QStringLiteral("&Help")) {
                help = top->menu();
            }
        }
        QVERIFY(help != nullptr);
        QAction* extra = help->addAction(QStringLiteral("Te&st entry"));
        extra->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+F12")));
        entries = collectShortcuts(m_window);
        QVERIFY(has(QStringLiteral("Test entry"), QKeySequence(QStringLiteral("Ctrl+Alt+F12"))));
        // Every entry names its keys and what they do.
        for (const ShortcutEntry& e : entries) {
            QVERIFY2(!e.action.isEmpty() && !e.keys.isEmpty(), qPrintable(e.keys + e.action));
        }
        ShortcutsDialog dialog(m_window);
        auto* table = dialog.findChild<QTableWidget*>(QStringLiteral("shortcuts"));
        QVERIFY(table != nullptr);
        QCOMPARE(table->rowCount(), int(entries.size()));
        delete extra;
    }

private:
    MainWindow* m_window = nullptr;
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
