// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Every slide and every handout page (both editions, English and Chinese) painted on a device
// that records each text and marker it is asked to draw, with its size and box: a page fails on
// text smaller than 8 pt in print, on two texts drawn over each other, on a text over a marker,
// on ASCII math ("^(", "_{", "e+0", "e-0") and, on a slide, on a header that states a shared
// parameter at another value than the slide's or leaves out one the figure reads.
#include "figures/course.h"
#include "figures/figure_parameters.h"
#include "figures/figure_registry.h"
#include "figures/language.h"
#include "tests/ui/paint_checks.h"
#include "ui/render/deck_export.h"

#include <QApplication>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <atomic>
#include <map>

using rope::test::RecordingDevice;
using rope::test::RecordingEngine;

namespace {

// A page of \p widthPt × \p heightPt points at the deck's resolution, recording.
std::unique_ptr<RecordingDevice> pageDevice(double widthPt, double heightPt) {
    const int dpi = rope::ui::deckDpi();
    return std::make_unique<RecordingDevice>(
        QPaintEngine::Pdf,
        QSize(static_cast<int>(widthPt * dpi / 72.0), static_cast<int>(heightPt * dpi / 72.0)),
        dpi);
}

rope::ui::DeckTarget targetOf(RecordingDevice& device) {
    RecordingEngine* engine = &device.engine();
    return {&device, [engine] {
                ++engine->page;
                return true;
            }};
}

bool blank(const QString& text) {
    return text.trimmed().isEmpty();
}

// The texts that write math in ASCII: "^(" for a superscript, "_{" for a subscript, "e+0" or
// "e-0" for a power of ten; "^" before a digit for a power (L^1.628, 2^17), "_" after a Greek
// letter (θ_0, mθ_low) or after a rotation's R (R_m q, R_(n−m)), whose subscripts Unicode has.
// A name such as max_position_embeddings or W_q (no subscript q in Unicode) is not math here.
// \p scripts false: only the first four. The handout checks all of them since the course
// texts are typeset too (tst_course textsTypesetTheirMath).
QStringList asciiMath(const std::vector<RecordingEngine::Text>& texts, bool scripts = true) {
    QStringList problems;
    static const QStringList ascii = {QStringLiteral("^("), QStringLiteral("_{"),
                                      QStringLiteral("e+0"), QStringLiteral("e-0")};
    static const QRegularExpression scriptMath(
        QStringLiteral("\\^\\d|\\p{Greek}_|(?<![\\p{L}_])R_"));
    for (const RecordingEngine::Text& t : texts) {
        for (const QString& a : ascii) {
            if (t.text.contains(a)) {
                problems << QStringLiteral("page %1: ASCII math '%2' in '%3'")
                                .arg(t.page)
                                .arg(a, t.text);
            }
        }
        const QRegularExpressionMatch m = scriptMath.match(t.text);
        if (scripts && m.hasMatch()) {
            problems << QStringLiteral("page %1: ASCII math '%2' in '%3'")
                            .arg(t.page)
                            .arg(m.captured(0), t.text);
        }
    }
    return problems;
}

// The problems of one page's texts: smaller than \p minPt in print, or drawn over each other.
// Empty when none.
QStringList pageProblems(const std::vector<RecordingEngine::Text>& texts, double minPt) {
    QStringList problems;
    for (const RecordingEngine::Text& t : texts) {
        if (blank(t.text)) {
            continue;
        }
        if (t.pointSize < minPt - 1e-6) {
            problems << QStringLiteral("page %1: '%2' at %3 pt (< %4 pt)")
                            .arg(t.page)
                            .arg(t.text)
                            .arg(t.pointSize, 0, 'f', 2)
                            .arg(minPt);
        }
    }
    return problems + rope::test::overlappingTexts(texts);
}

std::vector<RecordingEngine::Text> onPage(const std::vector<RecordingEngine::Text>& texts,
                                          int page) {
    std::vector<RecordingEngine::Text> out;
    for (const RecordingEngine::Text& t : texts) {
        if (t.page == page) {
            out.push_back(t);
        }
    }
    return out;
}

// A slide's header: the texts drawn first on its page, up to the first gap of more than 4 pt
// between lines (the figure starts 6 pt and more below the header).
QString headerText(const std::vector<RecordingEngine::Text>& page) {
    const double unit = rope::ui::deckDpi() / 72.0;
    QString text;
    double bottom = -1;
    for (const RecordingEngine::Text& t : page) {
        if (bottom >= 0 && t.rect.top() > bottom + 4 * unit) {
            break;
        }
        text += t.text;
        bottom = std::max(bottom, t.rect.bottom());
    }
    return text;
}

// The shared parameters at their defaults as a header states them, typeset by hand.
const std::map<QString, QString> kDefaultText = {{QStringLiteral("d"), QStringLiteral("d = 128")},
                                                 {QStringLiteral("b"), QStringLiteral("b = 10000")},
                                                 {QStringLiteral("L"), QStringLiteral("L = 4096")},
                                                 {QStringLiteral("m"), QStringLiteral("m = 3")},
                                                 {QStringLiteral("n"), QStringLiteral("n = 10")}};

// Panels whose pages are known to break a rule, each with its reason ("panel@zh_CN" for one
// language only, "panel@handout" for the handout's pages only). A listed panel's problems are
// reported, not failed; a listed panel with no problem left fails (take it off the list).
const std::map<QString, const char*> kKnownProblems = {
};

// The problems of \p problems ("page N: …") on pages whose panel is listed in kKnownProblems are
// moved to \p known (by panel); the rest stay.
void setKnownApart(QStringList& problems, const std::vector<QString>& panelOfPage,
                   const QString& language, const QString& where,
                   std::map<QString, QStringList>& known) {
    static const QRegularExpression page(QStringLiteral("^page (\\d+):"));
    QStringList rest;
    for (const QString& p : problems) {
        const QRegularExpressionMatch m = page.match(p);
        const int n = m.hasMatch() ? m.captured(1).toInt() : -1;
        const QString panel = n >= 0 && n < static_cast<int>(panelOfPage.size())
                                  ? panelOfPage[static_cast<std::size_t>(n)]
                                  : QString();
        const QString local = panel + QLatin1Char('@') + language;
        const QString here = panel + QLatin1Char('@') + where;
        if (!panel.isEmpty() && kKnownProblems.count(local) > 0) {
            known[local] << p;
        } else if (!panel.isEmpty() && kKnownProblems.count(here) > 0) {
            known[here] << p;
        } else if (!panel.isEmpty() && kKnownProblems.count(panel) > 0) {
            known[panel] << p;
        } else {
            rest << p;
        }
    }
    problems = rest;
}

// Fails for a listed panel shown in \p shown that no longer breaks a rule; reports the others.
void checkKnown(const std::map<QString, QStringList>& known, const QSet<QString>& shown,
                const QString& language, const QString& where, bool mustOccur) {
    for (const auto& [panel, reason] : kKnownProblems) {
        const QString name = panel.section(QLatin1Char('@'), 0, 0);
        const QString only = panel.section(QLatin1Char('@'), 1);
        if (!shown.contains(name) || (!only.isEmpty() && only != language && only != where)) {
            continue;
        }
        if (!mustOccur && known.find(panel) == known.end()) {
            continue;
        }
        const auto it = known.find(panel);
        QVERIFY2(
            it != known.end(),
            qPrintable(
                QStringLiteral("%1 has no problem left: take it off kKnownProblems").arg(panel)));
        qInfo().noquote() << QStringLiteral("known (%1): %2 problem(s), e.g. %3")
                                 .arg(panel)
                                 .arg(it->second.size())
                                 .arg(it->second.first());
    }
}

} // namespace

class TestDeckPages : public QObject {
    Q_OBJECT
private slots:
    void slides_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("derivation");
        for (const char* language : {"en", "zh_CN"}) {
            QTest::addRow("panels-%s", language) << QString::fromLatin1(language) << false;
            QTest::addRow("derivation-%s", language) << QString::fromLatin1(language) << true;
        }
    }
    // One slide per panel in its slide default state (default parameters), or one per
    // derivation page.
    void slides() {
        QFETCH(QString, language);
        QFETCH(bool, derivation);
        QVERIFY(rope::figures::installLanguage(language));
        std::vector<rope::ui::SlideSpec> slides;
        for (const rope::figures::Figure& f : rope::figures::allFigures()) {
            if ((f.id == "derivation") != derivation) {
                continue;
            }
            if (f.id == "derivation") {
                const rope::figures::OptionTable& table = f.options();
                for (const rope::figures::OptionSpec& o : table) {
                    if (QLatin1String(o.id) == QLatin1String("page")) {
                        for (int p = static_cast<int>(o.min); p <= static_cast<int>(o.max); ++p) {
                            rope::ui::SlideSpec page;
                            page.figure = &f;
                            page.options.insert(QStringLiteral("page"), p);
                            slides.push_back(page);
                        }
                    }
                }
                continue;
            }
            rope::ui::SlideSpec slide;
            slide.figure = &f;
            slides.push_back(rope::ui::withSlideDefaults(slide, false));
        }
        const auto device = pageDevice(rope::ui::kSlideWidthPt, rope::ui::kSlideHeightPt);
        QVERIFY(rope::ui::paintSlides(targetOf(*device), slides));
        const std::vector<RecordingEngine::Text>& texts = device->engine().texts;
        QCOMPARE(device->engine().page, static_cast<int>(slides.size()));
        QStringList problems = pageProblems(texts, 8.0) +
                               rope::test::textsOverMarkers(texts, device->engine().markers);
        std::vector<QString> panelOfPage = {QString()}; // page 0: the title page
        QSet<QString> shown;
        for (const rope::ui::SlideSpec& slide : slides) {
            panelOfPage.push_back(rope::figures::figureId(*slide.figure));
            shown << panelOfPage.back();
        }
        for (std::size_t k = 0; k < slides.size(); ++k) {
            const rope::ui::SlideSpec& s = slides[k];
            const QString header = headerText(onPage(texts, static_cast<int>(k) + 1));
            const QStringList readList = rope::figures::figureReads(*s.figure, s.params, s.options);
            // "x = v" pairs of the header whose symbol is a shared parameter.
            static const QRegularExpression pair(QStringLiteral("(?:^|[ ,])([dbLmn]) = ([^,;]+)"));
            for (auto it = pair.globalMatch(header); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                const QString key = m.captured(1);
                if (!readList.contains(key)) {
                    problems << QStringLiteral("slide %1 (%2): header states %3 = %4, the figure "
                                               "does not read %3")
                                    .arg(k + 1)
                                    .arg(rope::figures::figureId(*s.figure), key, m.captured(2));
                }
            }
            for (const QString& key : readList) {
                const auto expected = kDefaultText.find(key);
                if (expected == kDefaultText.end() ||
                    (s.figure->id == "extension" && key == QLatin1String("L"))) {
                    continue; // layout, scaling; the extension slide's own L
                }
                if (!header.contains(expected->second)) {
                    problems << QStringLiteral("slide %1 (%2): header '%3' lacks '%4'")
                                    .arg(k + 1)
                                    .arg(rope::figures::figureId(*s.figure), header,
                                         expected->second);
                }
            }
        }
        problems += asciiMath(texts);
        std::map<QString, QStringList> known;
        setKnownApart(problems, panelOfPage, language, QStringLiteral("slides"), known);
        for (const QString& p : problems) {
            qWarning().noquote() << p; // QtTest cuts a long message short
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 problem(s), listed above").arg(problems.size())));
        checkKnown(known, shown, language, QStringLiteral("slides"), true);
    }

    // A Cancel button's flag stops the export: set before the first page, no page is computed
    // and the deck comes back empty; left unset, the same deck is written. (The flag is what
    // the window's dialog sets from its canceled() signal; a page's figure reads it inside
    // core while it is computed on a JobRunner.)
    void cancelFlagStopsTheExport() {
        QVERIFY(rope::figures::installLanguage(QStringLiteral("en")));
        const rope::figures::Figure* figure = rope::figures::findFigure("base-bound");
        QVERIFY(figure != nullptr);
        rope::ui::SlideSpec slide;
        slide.figure = figure;
        const std::vector<rope::ui::SlideSpec> slides = {slide};
        int steps = 0;
        const auto step = [&steps](int, int) {
            ++steps;
            return true;
        };
        std::atomic<bool> cancelled{true};
        QVERIFY(rope::ui::slidesPdf(slides, rope::ui::DeckProgress(step, &cancelled)).isEmpty());
        cancelled.store(false);
        steps = 0;
        const QByteArray pdf = rope::ui::slidesPdf(slides, rope::ui::DeckProgress(step, &cancelled));
        QVERIFY(pdf.startsWith("%PDF"));
        QVERIFY(steps >= 2); // the title page and the slide
    }

    void handout_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("edition");
        for (const char* language : {"en", "zh_CN"}) {
            for (const char* edition : {"student", "key"}) {
                QTest::addRow("%s-%s", language, edition)
                    << QString::fromLatin1(language) << QString::fromLatin1(edition);
            }
        }
    }
    void handout() {
        QFETCH(QString, language);
        QFETCH(QString, edition);
        QVERIFY(rope::figures::installLanguage(language));
        const auto device = pageDevice(rope::ui::kHandoutWidthPt, rope::ui::kHandoutHeightPt);
        QVERIFY(rope::ui::paintHandout(targetOf(*device), language,
                                       *rope::ui::handoutEditionFromId(edition)));
        const std::vector<RecordingEngine::Text>& texts = device->engine().texts;
        QStringList problems = pageProblems(texts, rope::ui::kHandoutMinTextPt) +
                               rope::test::textsOverMarkers(texts, device->engine().markers) +
                               asciiMath(texts);
        // A student page's panel: the step its heading ("12. …", set larger than the text)
        // names. A known panel's figure may break a rule there (the derivation's pictures).
        const std::vector<rope::figures::CourseStep>& steps = rope::figures::builtinCourse();
        std::vector<QString> panelOfPage(static_cast<std::size_t>(device->engine().page) + 1);
        QSet<QString> shown;
        static const QRegularExpression heading(QStringLiteral("^(\\d+)\\. "));
        for (const RecordingEngine::Text& t : texts) {
            const QRegularExpressionMatch m = heading.match(t.text);
            const int step = m.hasMatch() ? m.captured(1).toInt() : 0;
            if (edition == QLatin1String("student") && t.pointSize > 12.0 && step >= 1 &&
                step <= static_cast<int>(steps.size())) {
                panelOfPage[static_cast<std::size_t>(t.page)] = steps[step - 1].panel;
                shown << steps[step - 1].panel;
            }
        }
        std::map<QString, QStringList> known;
        setKnownApart(problems, panelOfPage, language, QStringLiteral("handout"), known);
        for (const QString& p : problems) {
            qWarning().noquote() << p; // QtTest cuts a long message short
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 problem(s), listed above").arg(problems.size())));
        // Whether a figure's crowding shows depends on the page's room: not required here.
        checkKnown(known, shown, language, QStringLiteral("handout"), false);
    }
};

int main(int argc, char** argv) {
    // Every slide and handout page is computed and laid out (the base-bound slides run their
    // searches): minutes on a loaded machine, more than QtTest's 5 minutes per function.
    if (qEnvironmentVariableIsEmpty("QTEST_FUNCTION_TIMEOUT")) {
        qputenv("QTEST_FUNCTION_TIMEOUT", "1500000");
    }
    rope::figures::prepareFontsFor(QStringLiteral("zh_CN"));
    QApplication app(argc, argv);
    TestDeckPages test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_deck_pages.moc"
