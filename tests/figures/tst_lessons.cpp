// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons are resource files with numbers filled in from the core: every panel has one, every
// placeholder resolves, and the filled numbers are the closed forms.
#include "figures/figure_registry.h"
#include "figures/lessons.h"

#include <QTest>

using namespace rope::figures;

class TestLessons : public QObject {
    Q_OBJECT

private slots:
    void everyPanelHasAnEnglishLessonWithNoOpenPlaceholder_data() {
        QTest::addColumn<QString>("panel");
        for (const Figure& f : allFigures()) {
            QTest::newRow(std::string(f.id).c_str()) << figureId(f);
        }
    }

    void everyPanelHasAnEnglishLessonWithNoOpenPlaceholder() {
        QFETCH(QString, panel);
        const QString html = lessonHtml(panel.toStdString());
        QVERIFY2(html.size() > 200, qPrintable(panel));
        QVERIFY2(!html.contains(QStringLiteral("{{")), qPrintable(html));
    }

    void numbersAreTheClosedForms() {
        // 2π·b^((d−2)/d) at b = 10⁴, d = 128 = 54 410.6…, read to two significant digits.
        QVERIFY(lessonHtml("heatmap").contains(QStringLiteral("about 54,000")));
        // Spacing at 10⁶ ∈ [2^19, 2^20): float32 2^(19−23) = 0.0625; bfloat16 2^(19−7) = 4096.
        QVERIFY(lessonHtml("precision").contains(
            QStringLiteral("float32 is 0.0625, of bfloat16 4096")));
        // DeepSeek-V3: (0.1·ln 40 + 1)² = 1.87385… (closed form, four decimals).
        QVERIFY(lessonHtml("extension").contains(QStringLiteral("= 1.8739 at s = 40")));
    }

    void unknownLanguageFallsBackToEnglish() {
        QCOMPARE(lessonHtml("rotation", QStringLiteral("xx")), lessonHtml("rotation"));
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
