// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// View ▸ Language: one entry per language, named in that language, the shown one checked;
// choosing another stores it in the settings and says visibly, in both languages, that it
// applies at the next start. In Chinese the window's words are Chinese (the seed terms).
#include "figures/language.h"
#include "ui/main_window.h"

#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

using rope::ui::MainWindow;

class TestLanguageMenu : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("rope-explorer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_language_menu"));
        QSettings().remove(QLatin1String(rope::figures::kLanguageKey));
    }

    void menuListsEveryLanguageInItsOwnName() {
        QVERIFY(rope::figures::installLanguage(QStringLiteral("en")));
        MainWindow w(nullptr, false);
        auto* menu = w.findChild<QMenu*>(QStringLiteral("language-menu"));
        QVERIFY(menu != nullptr);
        auto* en = w.findChild<QAction*>(QStringLiteral("language-en"));
        auto* zh = w.findChild<QAction*>(QStringLiteral("language-zh_CN"));
        QVERIFY(en != nullptr && zh != nullptr);
        QCOMPARE(en->text(), QStringLiteral("English"));
        QCOMPARE(zh->text(), QStringLiteral("简体中文"));
        QVERIFY(en->isChecked());
        QVERIFY(!zh->isChecked());
    }

    void choosingALanguageStoresItAndSaysWhenItApplies() {
        QVERIFY(rope::figures::installLanguage(QStringLiteral("en")));
        MainWindow w(nullptr, false);
        auto* zh = w.findChild<QAction*>(QStringLiteral("language-zh_CN"));
        QVERIFY(zh != nullptr);
        QString shown;
        // The notice is modal: read it and press "Later" once it is up.
        QTimer::singleShot(0, &w, [&] {
            auto* box = w.findChild<QMessageBox*>(QStringLiteral("language-restart"));
            if (box == nullptr) {
                return;
            }
            shown = box->text();
            for (QAbstractButton* b : box->buttons()) {
                if (box->buttonRole(b) == QMessageBox::RejectRole) {
                    b->click();
                }
            }
        });
        zh->trigger();
        QCOMPARE(QSettings().value(QLatin1String(rope::figures::kLanguageKey)).toString(),
                 QStringLiteral("zh_CN"));
        // English now, Chinese (from the compiled-in translation) on the second line.
        QVERIFY2(shown.contains(QStringLiteral("when RoPE Explorer starts again")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("下次启动")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("简体中文")), qPrintable(shown));
        QSettings().remove(QLatin1String(rope::figures::kLanguageKey));
    }

    void chineseWindowUsesTheSeedTerms() {
        QVERIFY(rope::figures::installLanguage(QStringLiteral("zh_CN")));
        {
            MainWindow w(nullptr, false);
            QStringList items;
            for (QTreeWidgetItemIterator it(w.navigation()); *it != nullptr; ++it) {
                items << (*it)->text(0);
            }
            QVERIFY2(items.contains(QStringLiteral("远程衰减")), qPrintable(items.join(u',')));
            QVERIFY2(items.contains(QStringLiteral("长上下文")), qPrintable(items.join(u',')));
            auto* zh = w.findChild<QAction*>(QStringLiteral("language-zh_CN"));
            QVERIFY(zh != nullptr && zh->isChecked());
        }
        QVERIFY(rope::figures::installLanguage(QStringLiteral("en")));
    }

    // The window fits a 1280×800 screen in both languages: no panel's option row (the widest
    // was the batch panel's, 1303 px in Chinese on one line) sets a larger minimum width.
    void windowFits1280x800InBothLanguages() {
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            QVERIFY(rope::figures::installLanguage(language));
            MainWindow w(nullptr, false);
            w.resize(1280, 800);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            const QSize minimum = w.minimumSizeHint();
            QVERIFY2(minimum.width() <= 1280 && minimum.height() <= 800,
                     qPrintable(QStringLiteral("%1: %2×%3")
                                    .arg(language)
                                    .arg(minimum.width())
                                    .arg(minimum.height())));
            QCOMPARE(w.width(), 1280);
        }
        QVERIFY(rope::figures::installLanguage(QStringLiteral("en")));
    }
};

QTEST_MAIN(TestLanguageMenu)
#include "tst_language_menu.moc"
