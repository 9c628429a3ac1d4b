// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The option tables and their one parser: every row is well formed and accepts its own default,
// and `--set`/session values are refused with a message that names the key and what is valid.
#include "figures/figure_registry.h"
#include "figures/option_table.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace rope::figures;

class TestOptionTable : public QObject {
    Q_OBJECT

private:
    static const OptionTable& table(const char* panel) { return findFigure(panel)->options(); }

private slots:
    void everyRowIsWellFormed_data() {
        QTest::addColumn<QString>("panel");
        for (const Figure& f : allFigures()) {
            QTest::newRow(std::string(f.id).c_str()) << figureId(f);
        }
    }

    void everyRowIsWellFormed() {
        QFETCH(QString, panel);
        const Figure* figure = findFigure(panel.toStdString());
        QVERIFY(figure != nullptr);
        const QRegularExpression kebab(QStringLiteral("^[a-z0-9]+(-[a-z0-9]+)*$"));
        QSet<QString> ids;
        for (const OptionSpec& spec : figure->options()) {
            const QString id = QString::fromLatin1(spec.id);
            QVERIFY2(kebab.match(id).hasMatch(), qPrintable(id));
            QVERIFY2(!ids.contains(id), qPrintable(QStringLiteral("duplicate id ") + id));
            ids.insert(id);
            QVERIFY2(*spec.label != '\0', qPrintable(id));
            if (!spec.defaultValue.isNull()) {
                // The default passes the same check as a session value, unchanged.
                QCOMPARE(checkOptionValue(spec, spec.defaultValue), spec.defaultValue);
            }
            if (spec.kind == OptionKind::Choice) {
                QVERIFY2(!spec.choices.empty(), qPrintable(id));
            }
            if (spec.kind == OptionKind::Integer || spec.kind == OptionKind::Real ||
                spec.kind == OptionKind::LogReal) {
                QVERIFY2(spec.min <= spec.max, qPrintable(id));
            }
        }
    }

    void setParsesEachKind() {
        const OptionTable& heatmap = table("heatmap");
        const FigureOptions o = parseOptionAssignments(
            QStringLiteral("heatmap"), heatmap,
            {QStringLiteral("quantity=sin"), QStringLiteral("periods=true")});
        QCOMPARE(o.value(QStringLiteral("quantity")).toString(), QStringLiteral("sin"));
        QCOMPARE(o.value(QStringLiteral("periods")).toBool(), true);
        const FigureOptions r = parseOptionAssignments(QStringLiteral("rotation"),
                                                       table("rotation"), {"pair=5"});
        QCOMPARE(r.value(QStringLiteral("pair")).toLongLong(), 5LL);
    }

    void unknownKeyNamesItAndListsTheValidKeys() {
        try {
            parseOptionAssignments(QStringLiteral("heatmap"), table("heatmap"),
                                   {QStringLiteral("quantitty=sin")});
            QFAIL("accepted an unknown key");
        } catch (const OptionError& e) {
            const QString m = QString::fromUtf8(e.what());
            QVERIFY2(m.contains(QStringLiteral("'quantitty'")), qPrintable(m));
            QVERIFY2(m.contains(QStringLiteral("quantity, periods, critical-dim, y-min, y-max")),
                     qPrintable(m));
        }
    }

    void badValuesNameTheRangeOrChoices_data() {
        QTest::addColumn<QString>("panel");
        QTest::addColumn<QString>("item");
        QTest::addColumn<QString>("expected");
        QTest::newRow("choice") << "heatmap" << "quantity=tan" << "one of: cos, sin, angle";
        QTest::newRow("above max") << "rotation" << "k-angle-deg=181" << "[-180, 180]";
        QTest::newRow("not integer") << "rotation" << "pair=1.5" << "an integer";
        QTest::newRow("toggle") << "heatmap" << "periods=yes" << "true or false";
        QTest::newRow("nan") << "precision" << "max-position=nan" << "a number in [10,";
        QTest::newRow("text") << "decay" << "bases=1e4,abc" << "'abc' is not a number";
        QTest::newRow("no equals") << "heatmap" << "quantity" << "KEY=VALUE";
    }

    void badValuesNameTheRangeOrChoices() {
        QFETCH(QString, panel);
        QFETCH(QString, item);
        QFETCH(QString, expected);
        try {
            parseOptionAssignments(panel, table(qPrintable(panel)), {item});
            QFAIL("accepted a bad value");
        } catch (const OptionError& e) {
            const QString m = QString::fromUtf8(e.what());
            QVERIFY2(m.contains(expected), qPrintable(m));
        }
    }

    void sessionValuesAreCheckedAndReported() {
        FigureOptions stored;
        stored.insert(QStringLiteral("pair"), 3.0); // JSON numbers are doubles
        stored.insert(QStringLiteral("k-angle-deg"), 2.5);
        stored.insert(QStringLiteral("colour"), QStringLiteral("red"));
        const OptionCheck check =
            checkOptions(QStringLiteral("rotation"), table("rotation"), stored);
        QCOMPARE(check.accepted.size(), 1);
        QCOMPARE(check.accepted.value(QStringLiteral("pair")).toLongLong(), 3LL);
        QCOMPARE(check.problems.size(), 2);
        QVERIFY(check.problems.join(QLatin1Char('\n')).contains(QStringLiteral("'colour'")));
        QVERIFY(check.problems.join(QLatin1Char('\n')).contains(QStringLiteral("k-angle-deg")));
    }

    void defaultsAreFilledOnlyWhereUnset() {
        const FigureOptions filled =
            withDefaults(table("heatmap"), {{QStringLiteral("quantity"), QStringLiteral("sin")}});
        QCOMPARE(filled.value(QStringLiteral("quantity")).toString(), QStringLiteral("sin"));
        QCOMPARE(filled.value(QStringLiteral("periods")).toBool(), false);
        QVERIFY(!filled.contains(QStringLiteral("y-min"))); // derived: the whole context
    }

    void listOptionsJsonHasTheContractFields() {
        QCOMPARE(optionTableJson(QStringLiteral("extension"), table("extension")),
                 QByteArray("{\"panel\":\"extension\",\"options\":[{\"id\":\"view\",\"kind\":"
                            "\"choice\",\"default\":\"wavelengths\",\"choices\":[\"wavelengths\","
                            "\"heatmap\",\"decay\"]},"
                            "{\"id\":\"critical-dim\",\"kind\":\"toggle\",\"default\":true},"
                            "{\"id\":\"fope\",\"kind\":\"toggle\",\"default\":true},"
                            // Hidden options set by the layer strip: derived (null) defaults,
                            // min/max for the three number kinds.
                            "{\"id\":\"compare-base\",\"kind\":\"log-real\",\"default\":null,"
                            "\"min\":1.0000001,\"max\":1e+30},"
                            "{\"id\":\"compare-factor\",\"kind\":\"real\",\"default\":null,"
                            "\"min\":1,\"max\":1000000},"
                            "{\"id\":\"compare-rotary-dim\",\"kind\":\"integer\",\"default\":"
                            "null,\"min\":2,\"max\":8192}]}"));
        const QByteArray rotation = optionTableJson(QStringLiteral("rotation"), table("rotation"));
        QVERIFY2(rotation.contains("{\"id\":\"k-angle-deg\",\"kind\":\"integer\",\"default\":60,"
                                   "\"min\":-180,\"max\":180}"),
                 rotation.constData());
    }
};

QTEST_MAIN(TestOptionTable)
#include "tst_option_table.moc"
