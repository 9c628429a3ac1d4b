// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// No panel id is spelled in ui/: what a panel needs from the window beyond its options (model
// options, layer options, a model folder, its first animation key) is a field of its registry
// row in figures/, so a new panel never needs a branch on its id in the window.

#include "figures/figure_registry.h"

#include <QDirIterator>
#include <QFile>
#include <QSet>
#include <QTest>

namespace {

// The string literals of C++ source \p text, comments left out (a comment may name a panel;
// code may not). Handles escapes and character literals; ui/ has no raw strings.
QStringList stringLiterals(const QString& text) {
    QStringList literals;
    const qsizetype n = text.size();
    qsizetype k = 0;
    while (k < n) {
        const QChar c = text[k];
        if (c == u'/' && k + 1 < n && text[k + 1] == u'/') {
            while (k < n && text[k] != u'\n') {
                ++k;
            }
        } else if (c == u'/' && k + 1 < n && text[k + 1] == u'*') {
            const qsizetype end = text.indexOf(QStringLiteral("*/"), k + 2);
            k = end < 0 ? n : end + 2;
        } else if (c == u'"' || c == u'\'') {
            QString literal;
            ++k;
            while (k < n && text[k] != c) {
                if (text[k] == u'\\' && k + 1 < n) {
                    literal += text[k];
                    ++k;
                }
                literal += text[k];
                ++k;
            }
            ++k;
            if (c == u'"') {
                literals << literal;
            }
        } else {
            ++k;
        }
    }
    return literals;
}

QSet<QString> registryIds() {
    QSet<QString> ids;
    for (const rope::figures::Figure& f : rope::figures::allFigures()) {
        ids.insert(rope::figures::figureId(f));
    }
    return ids;
}

} // namespace

class TestPanelIds : public QObject {
    Q_OBJECT

private slots:
    // The scanner itself: a literal in code is found, one in a comment is not.
    void scannerFindsLiteralsOutsideComments() {
        const QString code = QStringLiteral(
            "if (id == QLatin1String(\"rotation\")) {} // \"decay\"\n"
            "/* \"heatmap\" */ auto s = QStringLiteral(\"a\\\"b\"); char c = '\"';\n");
        QCOMPARE(stringLiterals(code),
                 (QStringList{QStringLiteral("rotation"), QStringLiteral("a\\\"b")}));
    }

    void noPanelIdInUiSources() {
        const QSet<QString> ids = registryIds();
        QVERIFY(ids.size() >= 10);
        const QString root = qEnvironmentVariable("ROPE_SOURCE_DIR");
        QVERIFY2(!root.isEmpty(), "ROPE_SOURCE_DIR is not set");
        QDirIterator it(root + QStringLiteral("/ui"),
                        {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        int files = 0;
        bool sawWindow = false;
        QStringList found;
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path);
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
            ++files;
            sawWindow = sawWindow || path.endsWith(QStringLiteral("/ui/main_window.cpp"));
            for (const QString& literal : stringLiterals(QString::fromUtf8(file.readAll()))) {
                if (ids.contains(literal)) {
                    found << QStringLiteral("%1: \"%2\"").arg(path.mid(root.size() + 1), literal);
                }
            }
        }
        QVERIFY2(files >= 20 && sawWindow, qPrintable(QStringLiteral("%1 files").arg(files)));
        QVERIFY2(found.isEmpty(),
                 qPrintable(QStringLiteral("panel ids spelled in ui/ (move the hook into the "
                                           "registry row):\n") +
                            found.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestPanelIds)
#include "tst_panel_ids.moc"
