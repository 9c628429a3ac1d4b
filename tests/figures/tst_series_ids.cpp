// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_registry.h"
#include "figures/language.h"
#include "figures/option_table.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>

// Every series of every panel, in every view, carries a stable id: kebab-case (lower-case
// letters, digits, '.' and '-'), never empty, and unique among the figure's series and among
// its side plot's, so a test or a tool can find one series without reading translated legend
// text. The ids do not depend on the language: the same figure in Chinese has the same ids in
// the same order.
using namespace rope::figures;

namespace {

QString checkIds(const std::vector<Series>& series, const QString& where, QStringList* ids) {
    static const QRegularExpression kebab(QStringLiteral("^[a-z0-9]+([.-][a-z0-9]+)*$"));
    QSet<QString> seen;
    for (const Series& s : series) {
        if (!kebab.match(s.id).hasMatch()) {
            return QStringLiteral("%1: series '%2' has id '%3'").arg(where, s.name, s.id);
        }
        if (seen.contains(s.id)) {
            return QStringLiteral("%1: id '%2' twice").arg(where, s.id);
        }
        seen.insert(s.id);
        ids->append(s.id);
    }
    return {};
}

} // namespace

class TestSeriesIds : public QObject {
    Q_OBJECT

private slots:
    void everySeriesHasAUniqueKebabCaseId_data() {
        QTest::addColumn<QString>("panel");
        QTest::addColumn<QString>("view");
        for (const Figure& f : allFigures()) {
            const QString id = figureId(f);
            const OptionSpec* view = findOption(f.options(), QStringLiteral("view"));
            if (view == nullptr) {
                QTest::newRow(qPrintable(id)) << id << QString();
                continue;
            }
            for (const OptionChoice& c : view->choices) {
                QTest::newRow(qPrintable(id + QLatin1Char(' ') + c.value)) << id << c.value;
            }
        }
    }
    void everySeriesHasAUniqueKebabCaseId() {
        QFETCH(QString, panel);
        QFETCH(QString, view);
        const Figure* figure = findFigure(panel.toStdString());
        QVERIFY(figure != nullptr);
        FigureOptions options;
        if (!view.isEmpty()) {
            options.insert(QStringLiteral("view"), view);
        }
        const FigureData data = figureData(*figure, rope::RopeParams{}, options);
        QStringList ids;
        QString problem = checkIds(data.series, QStringLiteral("main"), &ids);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        if (data.side) {
            problem = checkIds(data.side->series, QStringLiteral("side"), &ids);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
        // The same figure in Chinese: other legend texts, the same ids.
        QVERIFY(installLanguage(QStringLiteral("zh_CN")));
        const FigureData zh = figureData(*figure, rope::RopeParams{}, options);
        QVERIFY(installLanguage(QStringLiteral("en")));
        QStringList zhIds;
        for (const Series& s : zh.series) {
            zhIds.append(s.id);
        }
        if (zh.side) {
            for (const Series& s : zh.side->series) {
                zhIds.append(s.id);
            }
        }
        QCOMPARE(zhIds, ids);
    }
};

QTEST_MAIN(TestSeriesIds)
#include "tst_series_ids.moc"
