// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Simplified Chinese translation is complete: every message of the committed .ts is
// finished (no unfinished, vanished or obsolete entry), keeps its %N placeholders, and every
// message the sources use is in it (lupdate over the same sources finds nothing new); every
// lesson has a zh_CN file with the English placeholders; every course step has its four
// Chinese texts. Expectations come from the files themselves and from lupdate, not from the
// code under test; the spot checks are the project's fixed Chinese terms.
#include "core/scaling/scaling_registry.h"
#include "figures/course.h"
#include "figures/figure_registry.h"
#include "figures/language.h"
#include "figures/lessons.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace rope::figures;

namespace {

struct Message {
    QString context;
    QString source;
    QString translation;
    QString type; ///< the translation's type attribute ("" = finished)
};

// Every <message> of a Qt Linguist .ts file, read with QXmlStreamReader.
QList<Message> readTs(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(path);
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            continue;
        }
        const auto name = xml.name();
        if (name == QLatin1String("context")) {
            context.clear();
        } else if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = Message{context, {}, {}, {}};
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            current.translation = xml.readElementText();
            messages << current;
        }
    }
    if (xml.hasError()) {
        *error = QStringLiteral("%1: %2 at line %3")
                     .arg(path, xml.errorString())
                     .arg(xml.lineNumber());
    }
    return messages;
}

QString sourceDir() {
    return qEnvironmentVariable("ROPE_SOURCE_DIR", QStringLiteral(ROPE_SOURCE_DIR_FALLBACK));
}

QString committedTs() {
    return sourceDir() + QStringLiteral("/resources/translations/rope-explorer_zh_CN.ts");
}

// "%1", "%2" … (and %n, %v, %m, %p of Qt's own formats) in a text, as a sorted list.
QStringList placeholders(const QString& text) {
    static const QRegularExpression re(QStringLiteral("%(?:\\d|[nvmp])"));
    QStringList found;
    for (const QRegularExpressionMatch& m : re.globalMatch(text)) {
        found << m.captured();
    }
    found.sort();
    return found;
}

QSet<QString> lessonPlaceholders(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {QStringLiteral("<unreadable %1>").arg(path)};
    }
    static const QRegularExpression re(QStringLiteral("\\{\\{[^}]*\\}\\}"));
    QSet<QString> found;
    for (const QRegularExpressionMatch& m : re.globalMatch(QString::fromUtf8(file.readAll()))) {
        found << m.captured();
    }
    return found;
}

bool hasHan(const QString& text) {
    for (const QChar c : text) {
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF) {
            return true;
        }
    }
    return false;
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT

private slots:
    void everyMessageIsFinished() {
        QString error;
        const QList<Message> messages = readTs(committedTs(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 600);
        QStringList bad;
        for (const Message& m : messages) {
            if (!m.type.isEmpty() || m.translation.isEmpty()) {
                bad << QStringLiteral("%1 / \"%2\" (%3)")
                           .arg(m.context, m.source,
                                m.type.isEmpty() ? QStringLiteral("empty") : m.type);
            }
        }
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    void translationsKeepPlaceholders() {
        QString error;
        QStringList bad;
        for (const Message& m : readTs(committedTs(), &error)) {
            if (placeholders(m.source) != placeholders(m.translation)) {
                bad << QStringLiteral("%1 / \"%2\" → \"%3\"").arg(m.context, m.source, m.translation);
            }
        }
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    // lupdate over the sources the build lists writes a fresh .ts; every message in it must be
    // in the committed one (else a new or changed string was never translated), and nothing
    // in the committed one may have vanished from the sources.
    void committedTsMatchesTheSources() {
#if !ROPE_LUPDATE_ALL_SOURCES
        // Without the UI (core-only builds: nosimd, sanitizers without UI) lupdate would not see
        // the widgets' and programs' messages and call them vanished; the UI builds check them.
        QSKIP("built without the UI: lupdate's source list is incomplete");
#endif
        QFile list(QStringLiteral(ROPE_LUPDATE_SOURCES_FILE));
        QVERIFY2(list.open(QIODevice::ReadOnly), ROPE_LUPDATE_SOURCES_FILE);
        QStringList sources;
        for (const QByteArray& line : list.readAll().split('\n')) {
            if (!line.trimmed().isEmpty()) {
                sources << QString::fromUtf8(line.trimmed());
            }
        }
        QVERIFY(sources.size() > 20);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString fresh = dir.filePath(QStringLiteral("fresh_zh_CN.ts"));
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(ROPE_LUPDATE),
                      sources + QStringList{QStringLiteral("-I"), sourceDir(),
                                            QStringLiteral("-locations"), QStringLiteral("none"),
                                            QStringLiteral("-ts"), fresh});
        QVERIFY2(lupdate.waitForFinished(120000), "lupdate did not finish");
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAll().constData());

        QString error;
        QSet<QString> committed;
        for (const Message& m : readTs(committedTs(), &error)) {
            committed << m.context + QLatin1Char('\x1f') + m.source;
        }
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QSet<QString> used;
        for (const Message& m : readTs(fresh, &error)) {
            used << m.context + QLatin1Char('\x1f') + m.source;
        }
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList missing;
        for (const QString& key : used - committed) {
            missing << QString(key).replace(QLatin1Char('\x1f'), QStringLiteral(" / "));
        }
        missing.sort();
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("used but not in the .ts (run ninja update_translations "
                                           "and translate):\n") +
                            missing.join(QLatin1Char('\n'))));
        QStringList vanished;
        for (const QString& key : committed - used) {
            vanished << QString(key).replace(QLatin1Char('\x1f'), QStringLiteral(" / "));
        }
        vanished.sort();
        QVERIFY2(vanished.isEmpty(), qPrintable(QStringLiteral("in the .ts but no longer used:\n") +
                                                vanished.join(QLatin1Char('\n'))));
    }

    // Core has no Qt: its method names are marked in ui/parameter_form.cpp by hand. Every
    // registry row must be there (and so, by the tests above, translated).
    void everyScalingMethodIsTranslated() {
        QString error;
        QSet<QString> methods;
        for (const Message& m : readTs(committedTs(), &error)) {
            if (m.context == QLatin1String("ScalingMethods")) {
                methods << m.source;
            }
        }
        for (const rope::ScalingMethod& method : rope::allScalingMethods()) {
            for (std::string_view text : {method.displayName, method.summary}) {
                const QString s = QString::fromUtf8(text.data(), qsizetype(text.size()));
                QVERIFY2(methods.contains(s), qPrintable(s));
            }
        }
    }

    // The compiled-in .qm is found and speaks the project's fixed Chinese terms.
    void installedTranslationUsesTheSeedTerms() {
        QVERIFY(!installLanguage(QStringLiteral("fr")));
        QVERIFY(installLanguage(QStringLiteral("zh_CN")));
        QCOMPARE(currentLanguage(), QStringLiteral("zh_CN"));
        QCOMPARE(QCoreApplication::translate("Figures", "Long-term decay"),
                 QStringLiteral("远程衰减"));
        QCOMPARE(QCoreApplication::translate("Figures", "Absolute encodings"),
                 QStringLiteral("绝对位置编码"));
        QVERIFY(QCoreApplication::translate("Figures", "kept θ' = θ (extrapolated)")
                    .contains(QStringLiteral("外推")));
        QVERIFY(QCoreApplication::translate("Figures", "interpolated θ' = θ/s")
                    .contains(QStringLiteral("内插")));
        QVERIFY(installLanguage(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("Figures", "Long-term decay"),
                 QStringLiteral("Long-term decay"));
    }

    void everyLessonHasAChineseFileWithTheSamePlaceholders_data() {
        QTest::addColumn<QString>("panel");
        for (const Figure& f : allFigures()) {
            QTest::newRow(std::string(f.id).c_str()) << figureId(f);
        }
    }

    void everyLessonHasAChineseFileWithTheSamePlaceholders() {
        QFETCH(QString, panel);
        const QString dir = sourceDir() + QStringLiteral("/resources/lessons/");
        const QString zh = dir + panel + QStringLiteral(".zh_CN.html");
        QVERIFY2(QFile::exists(zh), qPrintable(zh));
        QCOMPARE(lessonPlaceholders(zh), lessonPlaceholders(dir + panel + QStringLiteral(".en.html")));
        // And it is the one compiled in: Chinese, every placeholder filled.
        const QString html = lessonHtml(panel.toStdString(), QStringLiteral("zh_CN"));
        QVERIFY2(hasHan(html), qPrintable(panel));
        QVERIFY2(!html.contains(QStringLiteral("{{")), qPrintable(html));
    }

    void everyCourseStepHasItsChineseTexts() {
        const std::vector<CourseStep>& steps = builtinCourse();
        QVERIFY(steps.size() >= 15);
        for (const CourseStep& step : steps) {
            QVERIFY2(step.texts.contains(QStringLiteral("zh_CN")), qPrintable(step.id));
            const CourseText en = step.texts.value(QStringLiteral("en"));
            const CourseText zh = step.texts.value(QStringLiteral("zh_CN"));
            QList<std::pair<QString, QString>> pairs = {{en.title, zh.title},
                                                        {en.task, zh.task},
                                                        {en.question, zh.question},
                                                        {en.solution, zh.solution}};
            for (auto it = en.choices.begin(); it != en.choices.end(); ++it) {
                pairs.append({it.value(), zh.choices.value(it.key())});
            }
            for (auto it = en.hints.begin(); it != en.hints.end(); ++it) {
                pairs.append({it.value(), zh.hints.value(it.key())});
            }
            for (const auto& [english, chinese] : pairs) {
                QVERIFY2(hasHan(chinese), qPrintable(step.id + QStringLiteral(": ") + chinese));
                QCOMPARE(chinese.contains(QStringLiteral("{{answer}}")),
                         english.contains(QStringLiteral("{{answer}}")));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
