// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons are resource files with numbers filled in from the core: every panel has one in every
// language, in the six sections of the lesson format, citing published work only; every
// placeholder resolves, and the filled numbers are the closed forms.
#include "figures/figure_registry.h"
#include "figures/language.h"
#include "figures/lessons.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace rope::figures;

namespace {

// The lesson file itself, without the English fallback lessonHtml() applies.
QString rawLesson(const QString& panel, const QString& language) {
    QFile file(QStringLiteral(":/lessons/%1.%2.html").arg(panel, language));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// Visible text of an HTML fragment: tags dropped, entities of the lessons decoded.
QString plainText(QString html) {
    html.remove(QRegularExpression(QStringLiteral("<!--.*?-->"),
                                   QRegularExpression::DotMatchesEverythingOption));
    html.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
    html.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
    html.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
    html.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    html.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
    return html.simplified();
}

bool isCjk(QChar c) {
    const char16_t u = c.unicode();
    return (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3400 && u <= 0x4DBF);
}

// Length of a text as a reader feels it: English words; for Chinese every CJK character counts
// as one and every run of other letters or digits as one word.
int readingLength(const QString& text) {
    int count = 0;
    bool inWord = false;
    for (const QChar c : text) {
        if (isCjk(c)) {
            ++count;
            inWord = false;
        } else if (c.isLetterOrNumber()) {
            if (!inWord) {
                ++count;
            }
            inWord = true;
        } else if (c.isSpace()) {
            inWord = false;
        }
    }
    return count;
}

// The heading of a section: its first element must be an <h4>.
bool startsWithHeading(const QString& html) {
    return html.trimmed().startsWith(QStringLiteral("<h4>"));
}

} // namespace

class TestLessons : public QObject {
    Q_OBJECT

private:
    static void addPanelLanguageRows() {
        QTest::addColumn<QString>("panel");
        QTest::addColumn<QString>("language");
        for (const Figure& f : allFigures()) {
            for (const QString& language : availableLanguages()) {
                const QString id = figureId(f);
                QTest::newRow(qPrintable(id + QLatin1Char('/') + language)) << id << language;
            }
        }
    }

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

    void sixSectionsInOrder_data() { addPanelLanguageRows(); }

    void sixSectionsInOrder() {
        QFETCH(QString, panel);
        QFETCH(QString, language);
        const QString raw = rawLesson(panel, language);
        QVERIFY2(!raw.isEmpty(), "no lesson file in this language");
        QStringList ids;
        for (const LessonPart& part : splitLesson(raw)) {
            if (part.id.isEmpty()) {
                // Only a title may precede the first section.
                QVERIFY2(plainText(part.html).size() < 80 &&
                             !part.html.contains(QStringLiteral("<p")),
                         qPrintable(part.html));
                continue;
            }
            ids << part.id;
            QVERIFY2(startsWithHeading(part.html), qPrintable(part.id));
            QVERIFY2(readingLength(plainText(part.html)) > 3, qPrintable(part.id));
        }
        QStringList expected;
        for (std::string_view id : lessonSectionIds()) {
            expected << QString::fromLatin1(id.data(), static_cast<qsizetype>(id.size()));
        }
        QCOMPARE(ids, expected);
    }

    void ideaIsShort_data() { addPanelLanguageRows(); }

    void ideaIsShort() {
        QFETCH(QString, panel);
        QFETCH(QString, language);
        QString idea = lessonSection(panel.toStdString(), language, "idea");
        idea.remove(QRegularExpression(QStringLiteral("<h4>.*?</h4>"),
                                       QRegularExpression::DotMatchesEverythingOption));
        const int length = readingLength(plainText(idea));
        // 200 English words; Chinese says as much in about twice as many characters.
        const int limit = language.startsWith(QLatin1String("zh")) ? 400 : 200;
        QVERIFY2(length > 20 && length <= limit,
                 qPrintable(QStringLiteral("idea length %1 (limit %2)").arg(length).arg(limit)));
    }

    void ideaHasOneDisplayedFormula_data() { addPanelLanguageRows(); }

    void ideaHasOneDisplayedFormula() {
        // One idea, one formula: the Idea shows exactly one centred formula line.
        QFETCH(QString, panel);
        QFETCH(QString, language);
        const QString idea = lessonSection(panel.toStdString(), language, "idea");
        static const QRegularExpression centred(
            QStringLiteral("<p[^>]*(align=\"center\"|text-align:\\s*center)[^>]*>"));
        int formulas = 0;
        for (QRegularExpressionMatchIterator it = centred.globalMatch(idea); it.hasNext();
             it.next()) {
            ++formulas;
        }
        QCOMPARE(formulas, 1);
    }

    void predictAsksAQuestion_data() { addPanelLanguageRows(); }

    void predictAsksAQuestion() {
        // Predict–Observe–Explain: the student commits to an answer before touching the panel.
        QFETCH(QString, panel);
        QFETCH(QString, language);
        const QString predict = plainText(lessonSection(panel.toStdString(), language, "predict"));
        QVERIFY2(predict.contains(u'?') || predict.contains(u'\uFF1F'), qPrintable(predict));
    }

    void misconceptionStatesTheWrongIdea_data() { addPanelLanguageRows(); }

    void misconceptionStatesTheWrongIdea() {
        // The box opens with the wrong idea itself, in bold and in quotes, then refutes it.
        QFETCH(QString, panel);
        QFETCH(QString, language);
        QString box = lessonSection(panel.toStdString(), language, "misconception");
        box.remove(QRegularExpression(QStringLiteral("<h4>.*?</h4>"),
                                      QRegularExpression::DotMatchesEverythingOption));
        QVERIFY2(box.contains(QStringLiteral("<b>\u201C")), qPrintable(box));
        QVERIFY2(readingLength(plainText(box)) > 20, qPrintable(box));
    }

    void mathIsTypeset_data() { addPanelLanguageRows(); }

    void mathIsTypeset() {
        // A lesson writes its math in Unicode or markup (θᵢ, b⁻²ⁱᐟᵈ, <sup>), never in ASCII:
        // no "^(" or "^2" for a power, no "_{", "_(" or "θ_i" for an index, no "1e+06".
        QFETCH(QString, panel);
        QFETCH(QString, language);
        const QString html = rawLesson(panel, language);
        QVERIFY(!html.isEmpty());
        static const QRegularExpression ascii(QStringLiteral(
            "\\^\\(|\\^\\d|_\\{|_\\(|\\de[+-]0|\\p{Greek}_|(?<![A-Za-z0-9_])R_"));
        const QRegularExpressionMatch m = ascii.match(plainText(html));
        QVERIFY2(!m.hasMatch(), qPrintable(m.captured(0) + QStringLiteral(" in ") +
                                           plainText(html).mid(m.capturedStart() - 40, 100)));
    }

    void chineseProseSaysCiyuanNotToken_data() {
        QTest::addColumn<QString>("panel");
        for (const Figure& f : allFigures()) {
            QTest::newRow(qPrintable(figureId(f))) << figureId(f);
        }
    }

    void chineseProseSaysCiyuanNotToken() {
        // 词元 is the Chinese word for a token; English titles in the sources may keep "Tokens".
        QFETCH(QString, panel);
        const QString zh = rawLesson(panel, QStringLiteral("zh_CN"));
        QVERIFY(!zh.isEmpty());
        QString prose = zh.left(zh.indexOf(QStringLiteral("<!-- section: sources -->")));
        prose.remove(QRegularExpression(QStringLiteral("<code>.*?</code>"),
                                        QRegularExpression::DotMatchesEverythingOption));
        static const QRegularExpression token(QStringLiteral("\\btokens?\\b"),
                                              QRegularExpression::CaseInsensitiveOption);
        const QRegularExpressionMatch m = token.match(plainText(prose));
        QVERIFY2(!m.hasMatch(), qPrintable(m.captured(0)));
    }

    void heatmapReadsRopeAsBetaBaseInBothLanguages() {
        // Su's reading of RoPE as a β-base number system belongs to the idea in every language.
        QVERIFY(lessonSection("heatmap", QStringLiteral("en"), "idea").contains(u"\u03B2-base"));
        QVERIFY(lessonSection("heatmap", QStringLiteral("zh_CN"), "idea")
                    .contains(QStringLiteral("\u03B2进制")));
    }

    void noInternalReferences_data() { addPanelLanguageRows(); }

    void noInternalReferences() {
        QFETCH(QString, panel);
        QFETCH(QString, language);
        const QString raw = rawLesson(panel, language);
        // A student cannot open the project's notes or documents: "seed note 000", "docs/…",
        // "….md", and the documents' upper-case names (case-sensitive: "Architecture" may be
        // a word of a cited title).
        static const QRegularExpression notes(
            QStringLiteral(
                "seed\\s*(note|\\d)|seeds?/|种子笔记|笔记\\s*\\d{3}|(?<![/\\w.])docs/|\\.md\\b"),
            QRegularExpression::CaseInsensitiveOption);
        static const QRegularExpression documents(
            QStringLiteral("ARCHITECTURE|PERFORMANCE|RELIABILITY|TEACHING|STYLE\\b"));
        const QString text = plainText(raw) + QLatin1Char(' ') + raw;
        for (const QRegularExpression* internal : {&notes, &documents}) {
            const QRegularExpressionMatch m = internal->match(text);
            QVERIFY2(!m.hasMatch(), qPrintable(m.captured(0)));
        }
    }

    void sourcesAreCitations_data() { addPanelLanguageRows(); }

    void sourcesAreCitations() {
        QFETCH(QString, panel);
        QFETCH(QString, language);
        const QString sources = lessonSection(panel.toStdString(), language, "sources");
        QVERIFY(!sources.isEmpty());
        // Every entry names a year and an arXiv id or an address.
        static const QRegularExpression item(QStringLiteral("<li>(.*?)</li>"),
                                             QRegularExpression::DotMatchesEverythingOption);
        static const QRegularExpression year(QStringLiteral("\\b(19|20)\\d\\d\\b"));
        static const QRegularExpression where(
            QStringLiteral("arXiv[: ]\\s*\\d{4}\\.\\d{4,5}|https?://"));
        int entries = 0;
        for (const QRegularExpressionMatch& m : item.globalMatch(sources)) {
            ++entries;
            const QString entry = m.captured(1);
            QVERIFY2(year.match(entry).hasMatch(), qPrintable(entry));
            QVERIFY2(where.match(entry).hasMatch(), qPrintable(entry));
        }
        QVERIFY2(entries > 0, "Sources lists no entry");
    }

    void noUnknownPlaceholder_data() { addPanelLanguageRows(); }

    void noUnknownPlaceholder() {
        QFETCH(QString, panel);
        QFETCH(QString, language);
        const QString html = lessonHtml(panel.toStdString(), language);
        QVERIFY2(!html.contains(QStringLiteral("{{")), qPrintable(panel));
    }

    void chineseUsesTheTermsOfTheField() {
        // The terms Chinese readers know from the literature (Su's posts): every Chinese lesson
        // names RoPE 旋转位置编码, and the lessons together use each of the others.
        QString all;
        for (const Figure& f : allFigures()) {
            const QString zh = rawLesson(figureId(f), QStringLiteral("zh_CN"));
            QVERIFY2(zh.contains(QStringLiteral("旋转位置编码")), qPrintable(figureId(f)));
            all += zh;
        }
        for (const QString& term :
             {QStringLiteral("远程衰减"), QStringLiteral("外推"), QStringLiteral("位置内插"),
              QStringLiteral("β进制"), QStringLiteral("底数")}) {
            QVERIFY2(all.contains(term), qPrintable(term));
        }
    }

    void sectionsAreCutAtTheirMarkers() {
        const QString html =
            QStringLiteral("<h3>T</h3>\n<!-- section: idea -->\n<h4>I</h4><p>a</p>\n"
                           "  <!--section:using-->\n<h4>U</h4>\n");
        const std::vector<LessonPart> parts = splitLesson(html);
        QCOMPARE(parts.size(), std::size_t{3});
        QCOMPARE(parts[0].id, QString());
        QCOMPARE(parts[0].html, QStringLiteral("<h3>T</h3>\n"));
        QCOMPARE(parts[1].id, QStringLiteral("idea"));
        QCOMPARE(parts[1].html, QStringLiteral("<h4>I</h4><p>a</p>\n"));
        QCOMPARE(parts[2].id, QStringLiteral("using"));
        QCOMPARE(parts[2].html, QStringLiteral("<h4>U</h4>\n"));
        QCOMPARE(splitLesson(QStringLiteral("<p>x</p>")).size(), std::size_t{1});
        QVERIFY(splitLesson(QString()).empty());
    }

    void lessonSectionReturnsOneExpandedSection() {
        const QString idea = lessonSection("heatmap", QStringLiteral("en"), "idea");
        QVERIFY(idea.startsWith(QStringLiteral("<h4>")));
        QVERIFY(!idea.contains(QStringLiteral("section:")));
        QVERIFY(lessonHtml("heatmap").contains(idea));
        QVERIFY(lessonSection("heatmap", QStringLiteral("zh_CN"), "sources")
                    .contains(QStringLiteral("<h4>")));
        // Falls back to English like lessonHtml().
        QCOMPARE(lessonSection("heatmap", QStringLiteral("xx"), "try"),
                 lessonSection("heatmap", QStringLiteral("en"), "try"));
        QVERIFY(lessonSection("heatmap", QStringLiteral("en"), "no-such-section").isEmpty());
        QVERIFY(lessonSection("no-such-panel", QStringLiteral("en"), "idea").isEmpty());
        QVERIFY(lessonSection("heatmap", QStringLiteral("en"), "").isEmpty());
    }

    void numbersAreTheClosedForms() {
        // 2π·b^((d−2)/d) at b = 10⁴, d = 128 = 54 410.6…, read to two significant digits.
        QVERIFY(lessonHtml("heatmap").contains(QStringLiteral("about 54,000")));
        // Row means of cos over 600 rows of positions 0…4095 (rows of 6 or 7 positions): the
        // largest |mean| of pair 0 is 0.104 and of pair 3 0.486, from the Dirichlet kernel
        // sin(Nθ/2)/(N sin(θ/2)) evaluated in a C loop over the 600 row edges ⌊r·4096/600⌋.
        QVERIFY(lessonHtml("heatmap").contains(QStringLiteral("10\u00A0%")));
        QVERIFY(lessonHtml("heatmap").contains(QStringLiteral("49\u00A0%")));
        // Spacing at 10⁶ ∈ [2^19, 2^20): float32 2^(19−23) = 0.0625; bfloat16 2^(19−7) = 4096.
        QVERIFY(lessonHtml("precision").contains(QStringLiteral("0.0625")));
        QVERIFY(lessonHtml("precision").contains(QStringLiteral("4096")));
        // max_i |fl32(fl32(2^20)·fl32(θ_i)) − 2^20·θ_i| at b = 10⁴, d = 128, the exact angle in
        // long double (powl): 0.031168 (pair 1), two significant digits.
        QVERIFY(lessonHtml("precision").contains(QStringLiteral("0.031 rad")));
        // ggml's repeated float32 product θ₀ = fl(2^20), θᵢ₊₁ = fl(θᵢ·powf(10⁴, −2/128)),
        // worst pair against powl: 0.091521 (C loop), two significant digits.
        QVERIFY(lessonHtml("precision").contains(QStringLiteral("0.092 rad")));
        // DeepSeek-V3: (0.1·ln 40 + 1)² = 1.87385… (closed form, four decimals).
        QVERIFY(lessonHtml("extension").contains(QStringLiteral("1.8739")));
        // First m with Σ_{i<64} cos(m·b^(−i/64)) < 0, scanned in long double over every m:
        // b = 635 000 → 27 650 (inside 32 768, though above b*); b = 10⁴ → 1 707.
        QVERIFY(lessonHtml("base-bound").contains(QStringLiteral("27\u00A0650")));
        QVERIFY(lessonHtml("decay").contains(QStringLiteral("1\u00A0707")));
    }

    void spanClaimsHold() {
        // The lessons say a window of 1 024 tokens needs a base far below Gemma 3's local 10⁴
        // (d = 256), a chunk of 8 192 far below Llama 4's 5·10⁵ (d = 128), and Gemma 3's
        // global 10⁶ with linear ×8 serves 131 072 tokens as 10⁶ serves 16 384 (d = 256). In
        // long double, Σcos never turns negative on m < 1024 at (10⁴, 256), on m < 8192 at
        // (5·10⁵, 128), nor on m < 131 072 at (10⁶, ×8, 256); so b* lies below each base.
        const auto baseOf = [](const QString& key) {
            QString v = lessonValues().value(key);
            v.remove(QChar(0x00A0));
            return v.toDouble();
        };
        QVERIFY(baseOf(QStringLiteral("spans.min-base-1024-d256")) < 1e4);
        QVERIFY(baseOf(QStringLiteral("spans.min-base-8192-d128")) < 5e5);
        QVERIFY(baseOf(QStringLiteral("spans.min-base-16384-d256")) < 1e6);
        QVERIFY(baseOf(QStringLiteral("spans.min-base-1024-d256")) > 1.0);
    }

    void unknownLanguageFallsBackToEnglish() {
        QCOMPARE(lessonHtml("rotation", QStringLiteral("xx")), lessonHtml("rotation"));
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
