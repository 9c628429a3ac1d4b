// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The option tables and their one parser: every row is well formed and accepts its own default,
// and `--set`/session values are refused with a message that names the key and what is valid.
#include "figures/figure_registry.h"
#include "figures/option_table.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <cstring>
#include <stdexcept>

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
                QVERIFY2(spec.follows == nullptr, qPrintable(id + " has a default and an auto"));
            } else {
                // --list-options says what an unset option follows.
                QVERIFY2(spec.follows != nullptr && *spec.follows != '\0',
                         qPrintable(id + ": default null without what it follows"));
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

    // OptionValues: typed reads with the table's default, a choice as its index, and a
    // programming error (std::logic_error, not OptionError) for an id or kind the table lacks.
    void typedReadsFollowTheTable() {
        const OptionTable& heatmap = table("heatmap");
        const FigureOptions none;
        const OptionValues defaults(heatmap, none);
        QCOMPARE(defaults.choiceIndex("quantity"), 0); // "cos", first of cos, sin, angle
        QCOMPARE(defaults.choiceId("quantity"), QStringLiteral("cos"));
        QCOMPARE(defaults.toggle("periods"), false);
        QCOMPARE(defaults.toggle("critical-dim"), true);
        QVERIFY(!defaults.has("y-min")); // follows the context
        QVERIFY_THROWS_EXCEPTION(std::logic_error, defaults.real("y-min"));

        const FigureOptions set{{QStringLiteral("quantity"), QStringLiteral("angle")},
                                {QStringLiteral("y-min"), 12.5}};
        const OptionValues values(heatmap, set);
        QCOMPARE(values.choiceIndex("quantity"), 2);
        QVERIFY(values.has("y-min"));
        QCOMPARE(values.real("y-min"), 12.5);

        QVERIFY_THROWS_EXCEPTION(std::logic_error, values.real("quantitty"));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, values.integer("quantity"));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, values.toggle("y-min"));
        // Integer rows are read as integers only (rotation's k-angle-deg is whole degrees).
        const OptionValues rotation(table("rotation"), none);
        QCOMPARE(rotation.integer("k-angle-deg"), 60LL);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, rotation.real("k-angle-deg"));
    }

    // Every read of an option in figures/<id>_figure.cpp names a row of panel <id>'s table, of
    // the kind read: found in the source, so a branch no test runs is checked too.
    void everyReadInFiguresNamesARowOfItsKind() {
        const QString root = qEnvironmentVariable("ROPE_SOURCE_DIR");
        QVERIFY2(!root.isEmpty(), "ROPE_SOURCE_DIR is not set");
        const QDir dir(root + QStringLiteral("/figures"));
        const QStringList files = dir.entryList({QStringLiteral("*_figure.cpp")}, QDir::Files);
        QVERIFY(files.size() >= 15);
        // .kind("id"), e.g. v.real("factor") or v.choice<View>("view") (no raw string: moc).
        const QRegularExpression read(QStringLiteral(
            "\\.(real|integer|toggle|text|choiceIndex|choiceId|has|choice<\\w+>)\\(\"([^\"]*)\"\\)"));
        int reads = 0;
        for (const QString& name : files) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            // The panel id is the file name's stem in kebab case (base_bound → base-bound).
            QString panel = name.chopped(int(std::strlen("_figure.cpp")));
            panel.replace(QLatin1Char('_'), QLatin1Char('-'));
            const Figure* figure = findFigure(panel.toStdString());
            // No option is read around the table.
            QVERIFY2(!text.contains(QStringLiteral("options.value(")),
                     qPrintable(name + " reads an option without OptionValues"));
            if (!text.contains(QStringLiteral("OptionValues"))) {
                continue;
            }
            QVERIFY2(figure != nullptr, qPrintable(name + ": no panel " + panel));
            for (auto it = read.globalMatch(text); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                const QString id = m.captured(2);
                const OptionSpec* spec = findOption(figure->options(), id);
                QVERIFY2(spec != nullptr,
                         qPrintable(QStringLiteral("%1 reads '%2', not in the table of %3")
                                        .arg(name, id, panel)));
                const QString how = m.captured(1);
                const bool number = spec->kind == OptionKind::Real || spec->kind == OptionKind::LogReal;
                const bool ok = how == QLatin1String("has") ||
                                (how == QLatin1String("real") && number) ||
                                (how == QLatin1String("integer") && spec->kind == OptionKind::Integer) ||
                                (how == QLatin1String("toggle") && spec->kind == OptionKind::Toggle) ||
                                (how == QLatin1String("text") && spec->kind == OptionKind::Text) ||
                                (how.startsWith(QLatin1String("choice")) && spec->kind == OptionKind::Choice);
                QVERIFY2(ok, qPrintable(QStringLiteral("%1 reads '%2' as %3, but it is a %4")
                                            .arg(name, id, how,
                                                 QLatin1String(optionKindName(spec->kind)))));
                ++reads;
            }
        }
        QVERIFY2(reads >= 90, qPrintable(QString::number(reads)));
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
                            // "auto" (what the value follows) right after the null default.
                            "{\"id\":\"compare-base\",\"kind\":\"log-real\",\"default\":null,"
                            "\"auto\":\"no comparison (set from the loaded model's other layer "
                            "kind)\",\"min\":1.0000001,\"max\":1e+30},"
                            "{\"id\":\"compare-factor\",\"kind\":\"real\",\"default\":null,"
                            "\"auto\":\"1 (no interpolation)\",\"min\":1,\"max\":1000000},"
                            "{\"id\":\"compare-rotary-dim\",\"kind\":\"integer\",\"default\":"
                            "null,\"auto\":\"the current rotary dimension\",\"min\":2,\"max\":8192}]}"));
        const QByteArray rotation = optionTableJson(QStringLiteral("rotation"), table("rotation"));
        QVERIFY2(rotation.contains("{\"id\":\"k-angle-deg\",\"kind\":\"integer\",\"default\":60,"
                                   "\"min\":-180,\"max\":180}"),
                 rotation.constData());
    }
};

QTEST_MAIN(TestOptionTable)
#include "tst_option_table.moc"
