// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The base-parameter table (core/param_fields.h), row by row: its limits are the ones
// rope::validate() accepts and refuses (probed at min, max and just outside, against the
// documented limits written out below: dim even in [2, 8192], rotary dim even and ≤ dim or 0,
// base in (1, 1e30], |m|, |n| ≤ 2^40, context in [1, 2^26]); its getter and setter reach the
// member it names; a session writes it under its key and reads it back exactly, refuses a value
// outside the limits naming "params.<key>", and migrates its draft (version 0) key; a rejected
// value is reset to its default.
#include "core/param_fields.h"
#include "io/params_check.h"
#include "io/session.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

namespace {

// The limits as documented (rope_params.h's comments and issue 23), written out by hand: the
// independent side of every comparison below.
struct Documented {
    const char* id;
    double min;
    double max;
    bool minExclusive;
    bool even;
    bool zeroAllowed;
    bool integer;
};
constexpr double k2p40 = 1099511627776.0;
constexpr double k2p26 = 67108864.0;
const Documented kDocumented[] = {
    {"dim", 2, 8192, false, true, false, true},
    {"rotary-dim", 2, 8192, false, true, true, true},
    {"base", 1, 1e30, true, false, false, false},
    {"m", -k2p40, k2p40, false, false, false, true},
    {"n", -k2p40, k2p40, false, false, false, true},
    {"context", 1, k2p26, false, false, false, true},
};

const Documented* documented(std::string_view id) {
    for (const Documented& d : kDocumented) {
        if (id == d.id) {
            return &d;
        }
    }
    return nullptr;
}

// The member each id names, spelled by hand.
double memberValue(const rope::RopeParams& p, std::string_view id) {
    if (id == "dim") {
        return p.headDim;
    }
    if (id == "rotary-dim") {
        return p.rotaryDim;
    }
    if (id == "base") {
        return p.base;
    }
    if (id == "m") {
        return static_cast<double>(p.m);
    }
    if (id == "n") {
        return static_cast<double>(p.n);
    }
    if (id == "context") {
        return static_cast<double>(p.context);
    }
    return std::nan("");
}

// Parameters in which \p field alone takes \p value: the head dim at its largest, so a rotary
// dim is limited only by its own range.
rope::RopeParams with(const rope::ParamField& field, double value) {
    rope::RopeParams p;
    p.headDim = 8192;
    rope::setParamFieldNumber(p, field, value);
    return p;
}

// "" when rope::validate() accepts, else the parameter it names.
QString refusal(const rope::RopeParams& p) {
    try {
        rope::validate(p);
        return {};
    } catch (const rope::InvalidParameter& e) {
        return QString::fromStdString(e.parameter());
    }
}

const rope::ParamField& row(const QString& id) {
    return *rope::findParamField(id.toStdString());
}

// Values of \p d inside its limits: min (or just above an open min), max, and 0 when allowed.
std::vector<double> inside(const Documented& d) {
    std::vector<double> v = {d.minExclusive ? std::nextafter(d.min, HUGE_VAL) : d.min, d.max};
    if (d.zeroAllowed) {
        v.push_back(0);
    }
    return v;
}

// Values just outside: one step below min (min itself when open), one step above max, and an
// odd value for an even parameter.
std::vector<double> outside(const Documented& d) {
    const double step = d.even ? 2 : 1;
    std::vector<double> v;
    if (d.minExclusive) {
        v.push_back(d.min);
    } else if (d.integer) {
        // Below 0 when 0 itself is accepted (the rotary dim's "all").
        v.push_back(d.zeroAllowed && d.min - step == 0 ? -step : d.min - step);
    } else {
        v.push_back(std::nextafter(d.min, -HUGE_VAL));
    }
    v.push_back(d.integer ? d.max + step : std::nextafter(d.max, HUGE_VAL));
    if (d.even) {
        v.push_back(d.min + 1);
    }
    return v;
}

} // namespace

class TestParamFields : public QObject {
    Q_OBJECT

private slots:
    void everyRowDocumented() {
        QCOMPARE(rope::paramFields().size(), std::size(kDocumented));
        for (const rope::ParamField& f : rope::paramFields()) {
            QVERIFY2(documented(f.id) != nullptr, std::string(f.id).c_str());
            QVERIFY(rope::findParamField(f.id) == &f);
            // The flag, session key and id are one name (session.h: "Parameter keys are the
            // rope-cli flag names, which are also the names core errors use").
            QVERIFY(f.flag == f.id);
            QVERIFY(f.sessionKey == f.id);
            QVERIFY(f.label != nullptr && f.tip != nullptr && !f.help.empty());
        }
        QVERIFY(rope::findParamField("layout") == nullptr);
    }

    void limits_data() {
        QTest::addColumn<QString>("id");
        for (const rope::ParamField& f : rope::paramFields()) {
            const std::string id(f.id);
            QTest::newRow(id.c_str()) << QString::fromStdString(id);
        }
    }
    void limits() {
        QFETCH(QString, id);
        const rope::ParamField& f = row(id);
        const Documented& d = *documented(f.id);
        QCOMPARE(f.min, d.min);
        QCOMPARE(f.max, d.max);
        QCOMPARE(f.minExclusive, d.minExclusive);
        QCOMPARE(f.even, d.even);
        QCOMPARE(f.zeroAllowed, d.zeroAllowed);
        QCOMPARE(f.kind == rope::ParamKind::Integer, d.integer);
        for (const double v : inside(d)) {
            QVERIFY2(refusal(with(f, v)).isEmpty(),
                     qPrintable(QStringLiteral("%1 = %2 refused").arg(id).arg(v, 0, 'g', 17)));
        }
        for (const double v : outside(d)) {
            QCOMPARE(refusal(with(f, v)), id);
        }
    }

    void rotaryDimNotAboveDim() {
        const rope::ParamField& f = *rope::findParamField(rope::param::kRotaryDim);
        QVERIFY(f.notAbove == rope::param::kDim);
        rope::RopeParams p;
        p.headDim = 64;
        p.rotaryDim = 64;
        QCOMPARE(refusal(p), QString());
        p.rotaryDim = 66;
        QCOMPARE(refusal(p), QStringLiteral("rotary-dim"));
    }

    void accessors_data() { limits_data(); }
    void accessors() {
        QFETCH(QString, id);
        const rope::ParamField& f = row(id);
        const Documented& d = *documented(f.id);
        for (const double v : inside(d)) {
            rope::RopeParams p;
            rope::setParamFieldNumber(p, f, v);
            QCOMPARE(memberValue(p, f.id), v);
            QCOMPARE(rope::paramFieldNumber(p, f), v);
            rope::RopeParams q;
            rope::copyParamField(q, p, f);
            QCOMPARE(memberValue(q, f.id), v);
        }
        // An integer is rounded to nearest.
        if (d.integer) {
            rope::RopeParams p;
            rope::setParamFieldNumber(p, f, 4095.6);
            QCOMPARE(memberValue(p, f.id), 4096.0);
        }
    }

    void sessionRoundTrip_data() { limits_data(); }
    void sessionRoundTrip() {
        QFETCH(QString, id);
        const rope::ParamField& f = row(id);
        for (const double v : inside(*documented(f.id))) {
            rope::io::Session s;
            s.params = with(f, v);
            const QByteArray json = rope::io::sessionToJson(s);
            const QJsonObject params =
                QJsonDocument::fromJson(json).object().value(QStringLiteral("params")).toObject();
            const QJsonValue written = params.value(id);
            QVERIFY(written.isDouble());
            QCOMPARE(written.toDouble(), v);
            const rope::io::SessionLoadResult r = rope::io::sessionFromJson(json);
            QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
            QCOMPARE(memberValue(r.session.params, f.id), v);
            QVERIFY(r.session.params == s.params);
        }
    }

    void sessionRefusesOutside_data() { limits_data(); }
    void sessionRefusesOutside() {
        QFETCH(QString, id);
        const rope::ParamField& f = row(id);
        const rope::RopeParams defaults;
        for (const double v : outside(*documented(f.id))) {
            QJsonObject params{{QStringLiteral("dim"), 8192}};
            params.insert(id, v);
            const QJsonObject root{
                {QStringLiteral("format"), QStringLiteral("rope-explorer-session")},
                {QStringLiteral("version"), 1},
                {QStringLiteral("params"), params}};
            const rope::io::SessionLoadResult r =
                rope::io::sessionFromJson(QJsonDocument(root).toJson());
            QVERIFY(!r.ok());
            const QString prefix = QStringLiteral("params.%1: ").arg(id);
            QVERIFY2(r.errors.first().startsWith(prefix), qPrintable(r.errors.first()));
            QCOMPARE(memberValue(r.session.params, f.id), memberValue(defaults, f.id));
        }
    }

    void draftSessionKeys() {
        // The version-0 layout as the draft wrote it (session.h): camelCase keys, positions
        // as one array.
        const QByteArray v0 = R"({"headDim": 64, "rotaryDim": 32, "base": 500000,
            "positions": [7, -9], "context": 2048})";
        const rope::io::SessionLoadResult r = rope::io::sessionFromJson(v0);
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        const rope::RopeParams& p = r.session.params;
        QCOMPARE(p.headDim, 64);
        QCOMPARE(p.rotaryDim, 32);
        QCOMPARE(p.base, 500000.0);
        QCOMPARE(p.m, 7LL);
        QCOMPARE(p.n, -9LL);
        QCOMPARE(p.context, 2048LL);
        int withDraftKey = 0;
        for (const rope::ParamField& f : rope::paramFields()) {
            withDraftKey += f.draftSessionKey.empty() ? 0 : 1;
        }
        QCOMPARE(withDraftKey, 4); // m and n were the "positions" array
    }

    void resetToDefault_data() { limits_data(); }
    void resetToDefault() {
        QFETCH(QString, id);
        const rope::ParamField& f = row(id);
        rope::RopeParams p;
        p.headDim = 64;
        p.rotaryDim = 32;
        p.base = 7;
        p.m = 100;
        p.n = 200;
        p.context = 999;
        const rope::RopeParams before = p;
        QVERIFY(rope::io::resetParameter(p, f.id));
        const rope::RopeParams defaults;
        QCOMPARE(memberValue(p, f.id), memberValue(defaults, f.id));
        // A rotary dim is only valid relative to its head dim: resetting d resets it too.
        QCOMPARE(p.rotaryDim,
                 id == QLatin1String("dim") || id == QLatin1String("rotary-dim") ? 0 : 32);
        for (const rope::ParamField& other : rope::paramFields()) {
            if (other.id != f.id && other.id != f.resetsAlso) {
                QCOMPARE(memberValue(p, other.id), memberValue(before, other.id));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestParamFields)
#include "tst_param_fields.moc"
