// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// rope-cli's base-parameter flags, one per row of core/param_fields.h: each flag exists under
// its row's name in the option set of its group (every model command: --dim, --rotary-dim,
// --base; the figure commands add --context, --m, --n), parses its value into the member the
// row names, and refuses a value just outside the documented limits with InvalidParameter
// naming the flag (main() turns that into exit status 2; tests/cli/params.cmake checks the
// status and the message on the real binary).
#include "app/cli/cli_common.h"
#include "core/param_fields.h"

#include <QCommandLineParser>
#include <QtTest>

#include <cmath>
#include <cstdio>

namespace {

// The documented limits (rope_params.h, issue 23), by hand: values at the limits and values
// just outside them.
struct Probe {
    const char* flag;
    const char* accepted[3];
    const char* refused[3];
};
const Probe kProbes[] = {
    {"dim", {"2", "8192", nullptr}, {"0", "8194", "7"}},
    {"rotary-dim", {"2", "0", nullptr}, {"-2", "8194", "3"}},
    {"base", {"1.0000000000000002", "1e30", nullptr}, {"1", "1.000000000000001e30", nullptr}},
    {"m",
     {"-1099511627776", "1099511627776", nullptr},
     {"-1099511627777", "1099511627777", nullptr}},
    {"n",
     {"-1099511627776", "1099511627776", nullptr},
     {"-1099511627777", "1099511627777", nullptr}},
    {"context", {"1", "67108864", nullptr}, {"0", "67108865", nullptr}},
};

rope::RopeParams parse(const QStringList& flags) {
    QCommandLineParser parser;
    rope::cli::addRopeOptions(parser);
    rope::cli::addFigureViewOptions(parser);
    // --dim 8192 first, so a rotary dim is limited by its own range only.
    QStringList args = {QStringLiteral("rope-cli"), QStringLiteral("--dim"),
                        QStringLiteral("8192")};
    if (!rope::cli::parseArguments(parser, args + flags)) {
        throw std::logic_error("--help");
    }
    return rope::cli::figureParamsFrom(parser);
}

} // namespace

class TestCliParams : public QObject {
    Q_OBJECT

private slots:
    void everyRowHasAProbe() {
        QCOMPARE(rope::paramFields().size(), std::size(kProbes));
        for (const Probe& probe : kProbes) {
            const rope::ParamField* f = rope::findParamField(probe.flag);
            QVERIFY2(f != nullptr && f->flag == probe.flag, probe.flag);
        }
    }

    void flagsByGroup() {
        QCommandLineParser model;
        rope::cli::addRopeOptions(model);
        QCommandLineParser figure;
        rope::cli::addRopeOptions(figure);
        rope::cli::addFigureViewOptions(figure);
        const QStringList modelFlags = {QStringLiteral("dim"), QStringLiteral("rotary-dim"),
                                        QStringLiteral("base")};
        const QStringList viewFlags = {QStringLiteral("m"), QStringLiteral("n"),
                                       QStringLiteral("context")};
        for (const QString& flag : modelFlags + viewFlags) {
            QCommandLineParser p;
            rope::cli::addRopeOptions(p);
            const bool known = p.parse(
                {QStringLiteral("rope-cli"), QLatin1String("--") + flag, QStringLiteral("4")});
            QCOMPARE(known, modelFlags.contains(flag));
            QCommandLineParser q;
            rope::cli::addRopeOptions(q);
            rope::cli::addFigureViewOptions(q);
            QVERIFY(q.parse(
                {QStringLiteral("rope-cli"), QLatin1String("--") + flag, QStringLiteral("4")}));
        }
        // d and b report their defaults (RopeParams{}) when not given.
        QVERIFY(figure.parse({QStringLiteral("rope-cli")}));
        QCOMPARE(figure.value(QStringLiteral("dim")), QStringLiteral("128"));
        QCOMPARE(figure.value(QStringLiteral("base")), QStringLiteral("10000"));
        QVERIFY(model.helpText().contains(QStringLiteral("--rotary-dim <R>")));
    }

    void parses_data() {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("value");
        for (const Probe& probe : kProbes) {
            for (const char* v : probe.accepted) {
                if (v != nullptr) {
                    QTest::addRow("%s=%s", probe.flag, v)
                        << QString::fromLatin1(probe.flag) << QString::fromLatin1(v);
                }
            }
        }
    }
    void parses() {
        QFETCH(QString, flag);
        QFETCH(QString, value);
        const rope::ParamField& f = *rope::findParamField(flag.toStdString());
        // --flag=value: a negative value cannot be mistaken for a flag.
        const rope::RopeParams p = parse({QStringLiteral("--%1=%2").arg(flag, value)});
        // strtod is the independent reading of the text.
        const double expected = std::strtod(value.toLatin1().constData(), nullptr);
        QCOMPARE(rope::paramFieldNumber(p, f), expected);
    }

    void refuses_data() {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("value");
        for (const Probe& probe : kProbes) {
            for (const char* v : probe.refused) {
                if (v != nullptr) {
                    QTest::addRow("%s=%s", probe.flag, v)
                        << QString::fromLatin1(probe.flag) << QString::fromLatin1(v);
                }
            }
        }
        // Beyond an int: refused by the reader, not clamped into range.
        QTest::addRow("dim=2^32") << QStringLiteral("dim") << QStringLiteral("4294967296");
        QTest::addRow("rotary-dim=2^32")
            << QStringLiteral("rotary-dim") << QStringLiteral("4294967296");
        QTest::addRow("m=1.5") << QStringLiteral("m") << QStringLiteral("1.5");
        QTest::addRow("base=abc") << QStringLiteral("base") << QStringLiteral("abc");
    }
    void refuses() {
        QFETCH(QString, flag);
        QFETCH(QString, value);
        try {
            parse({QStringLiteral("--%1=%2").arg(flag, value)});
            QFAIL("accepted");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), flag);
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.startsWith(flag) || what.startsWith(QLatin1String("--") + flag),
                     qPrintable(what));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliParams)
#include "tst_cli_params.moc"
