// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_functions.h"
#include "core/scaling/scaling_registry.h"
#include "tests/core/reference/reference_values.h"
#include "tests/test_support.h"

#include <QSet>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <set>
#include <string>
#include <vector>

// Expected values come from three independent places:
//  * tests/core/reference/reference_values.h, written by generate_reference.py, which follows
//    Hugging Face's modeling_rope_utils.py formulas in NumPy float64 (not this C++);
//  * closed forms (θ/s, 0.1·ln s + 1, the NTK end points, exact pass-through pairs);
//  * registry-wide invariants (factor 1 is the identity, θ' finite, positive, non-increasing).

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// Golden comparison: each θ'_i is a handful of correctly rounded operations (pow, one or two
// divisions, a two-term blend). NumPy's vectorised power differs from glibc's pow by up to 1 ulp
// (19 of the 64 Llama-2 θ_i), and YaRN's θ/s versus HF's 1/(s·b^(2i/d)) by one rounding more;
// the largest difference measured over every golden row is 2 ulp. 8 ε (≈ 1.8e-15 relative) leaves
// room for another libm, while every formula slip (a wrong ramp end, the 0.001 rule, floor versus
// no floor, a wrong exponent) moves values by ≥ 1e-6 relative.
constexpr double kGoldenRelTol = 8 * kEps;

// Factor 1: linear/ntk/dynamic reproduce θ_i bit for bit; yarn and llama3 blend θ and θ/1 with
// weights w and 1−w, which rounds to within 2 ulp of θ.
constexpr double kIdentityRelTol = 4 * kEps;

// The flag names ScalingMethod::usedParams may use (scaling_method.h); "truncate" is the YaRN
// switch whose CLI spelling is --no-truncate.
const QSet<QString>& knownParamNames() {
    static const QSet<QString> names = {
        QStringLiteral("factor"),           QStringLiteral("original-context"),
        QStringLiteral("seq-len"),          QStringLiteral("beta-fast"),
        QStringLiteral("beta-slow"),        QStringLiteral("mscale"),
        QStringLiteral("mscale-all-dim"),   QStringLiteral("attention-factor"),
        QStringLiteral("truncate"),         QStringLiteral("low-freq-factor"),
        QStringLiteral("high-freq-factor"), QStringLiteral("short-factor"),
        QStringLiteral("long-factor"),
    };
    return names;
}

// Sets one ScalingParams field by its flag name. Returns false for an unknown name.
bool setField(rope::ScalingParams& s, const QString& name, double value) {
    if (name == QLatin1String("factor")) {
        s.factor = value;
    } else if (name == QLatin1String("original-context")) {
        s.originalContext = static_cast<int>(value);
    } else if (name == QLatin1String("seq-len")) {
        s.seqLen = static_cast<long long>(value);
    } else if (name == QLatin1String("beta-fast")) {
        s.betaFast = value;
    } else if (name == QLatin1String("beta-slow")) {
        s.betaSlow = value;
    } else if (name == QLatin1String("mscale")) {
        s.mscale = value;
    } else if (name == QLatin1String("mscale-all-dim")) {
        s.mscaleAllDim = value;
    } else if (name == QLatin1String("attention-factor")) {
        s.attentionFactor = value;
    } else if (name == QLatin1String("truncate")) {
        s.truncate = value != 0.0;
    } else if (name == QLatin1String("low-freq-factor")) {
        s.lowFreqFactor = value;
    } else if (name == QLatin1String("high-freq-factor")) {
        s.highFreqFactor = value;
    } else if (name == QLatin1String("short-factor")) {
        // A list field: every entry gets the value, so a bad value is bad wherever it is read.
        std::fill(s.shortFactor.begin(), s.shortFactor.end(), value);
    } else if (name == QLatin1String("long-factor")) {
        std::fill(s.longFactor.begin(), s.longFactor.end(), value);
    } else {
        return false;
    }
    return true;
}

// A value each flag rejects (truncate is a bool and cannot be invalid).
double invalidValueFor(const QString& name) {
    if (name == QLatin1String("seq-len")) {
        return -1.0;
    }
    if (name == QLatin1String("factor") || name == QLatin1String("original-context") ||
        name == QLatin1String("low-freq-factor") || name == QLatin1String("beta-slow")) {
        return 0.0;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

rope::RopeParams makeParams(const std::string& method, int dim, double base) {
    rope::RopeParams p;
    p.headDim = dim;
    p.base = base;
    // Rows name methods by their file/flag id; the boundary parser (checked by
    // idsRoundTripThroughTheParser) turns it into the kind.
    p.scaling.method = rope::scalingMethod(method).kind;
    // LongRoPE needs one divisor per pair; all ones make it the identity, which the invariant
    // rows rely on. Other methods never read the lists.
    p.scaling.shortFactor.assign(static_cast<std::size_t>(dim / 2), 1.0);
    p.scaling.longFactor.assign(static_cast<std::size_t>(dim / 2), 1.0);
    return p;
}

} // namespace

class TestScalingMethods : public QObject {
    Q_OBJECT

private slots:
    // The field table against transformers: each Hugging Face key below is copied from the
    // RopeParameters TypedDict and the _compute_*_parameters functions of modeling_rope_utils.py
    // (not from our table), next to the kebab-case id the CLI and the session format publish.
    void fieldTableNamesTheHuggingFaceKeys() {
        const std::vector<std::pair<std::string, std::string>> expected = {
            {"factor", "factor"},
            {"original-context", "original_max_position_embeddings"},
            {"seq-len", ""},
            {"beta-fast", "beta_fast"},
            {"beta-slow", "beta_slow"},
            {"mscale", "mscale"},
            {"mscale-all-dim", "mscale_all_dim"},
            {"attention-factor", "attention_factor"},
            {"truncate", "truncate"},
            {"low-freq-factor", "low_freq_factor"},
            {"high-freq-factor", "high_freq_factor"},
            {"short-factor", "short_factor"},
            {"long-factor", "long_factor"},
        };
        std::vector<std::pair<std::string, std::string>> actual;
        for (const rope::ScalingField& f : rope::scalingFields()) {
            actual.emplace_back(std::string(f.id), std::string(f.hfKey));
        }
        QCOMPARE(actual, expected);
        QCOMPARE(rope::scalingFieldFlag(*rope::findScalingField("truncate")),
                 std::string("no-truncate"));
        QCOMPARE(rope::scalingFieldFlag(*rope::findScalingField("mscale-all-dim")),
                 std::string("mscale-all-dim"));
        QVERIFY(rope::findScalingField("mscale_all_dim") == nullptr);
    }

    // Every parameter a method declares is a field of the table, so the CLI, the sessions and
    // the importer (which iterate the table) can set it.
    void methodsUseOnlyTableFields() {
        for (const rope::ScalingMethod& m : rope::allScalingMethods()) {
            for (std::string_view used : m.usedParams) {
                QVERIFY2(rope::findScalingField(used) != nullptr,
                         (std::string(m.id) + " uses " + std::string(used)).c_str());
            }
        }
    }

    // Each row reaches its own member: write a distinct value through the table, read the
    // struct field directly.
    void fieldAccessorsReachTheirMembers() {
        rope::ScalingParams s;
        const auto set = [&s](std::string_view id, double v) {
            rope::setScalingFieldNumber(s, *rope::findScalingField(id), v);
        };
        set("factor", 2.5);
        set("original-context", 8191.6); // integers round to nearest
        set("seq-len", 1e30);            // and clamp to the member's range
        set("beta-fast", 33.0);
        set("beta-slow", 1.5);
        set("mscale", 0.25);
        set("mscale-all-dim", 0.5);
        set("attention-factor", 1.125);
        set("truncate", 0.0);
        set("low-freq-factor", 2.0);
        set("high-freq-factor", 8.0);
        rope::scalingFieldList(s, *rope::findScalingField("short-factor")) = {1.0, 2.0};
        rope::scalingFieldList(s, *rope::findScalingField("long-factor")) = {3.0};
        QCOMPARE(s.factor, 2.5);
        QCOMPARE(s.originalContext, 8192);
        QCOMPARE(s.seqLen, std::numeric_limits<long long>::max() - 1023); // largest double < 2^63
        QCOMPARE(s.betaFast, 33.0);
        QCOMPARE(s.betaSlow, 1.5);
        QCOMPARE(s.mscale, 0.25);
        QCOMPARE(s.mscaleAllDim, 0.5);
        QCOMPARE(s.attentionFactor, 1.125);
        QCOMPARE(s.truncate, false);
        QCOMPARE(s.lowFreqFactor, 2.0);
        QCOMPARE(s.highFreqFactor, 8.0);
        QCOMPARE(s.shortFactor, (std::vector<double>{1.0, 2.0}));
        QCOMPARE(s.longFactor, std::vector<double>{3.0});
        QCOMPARE(rope::scalingFieldNumber(s, *rope::findScalingField("original-context")), 8192.0);
        QVERIFY_THROWS_EXCEPTION(
            std::logic_error, rope::scalingFieldNumber(s, *rope::findScalingField("long-factor")));
    }

    void registryHoldsTheContractIds() {
        QStringList ids;
        for (const rope::ScalingMethod& m : rope::allScalingMethods()) {
            ids << QString::fromUtf8(m.id.data(), static_cast<qsizetype>(m.id.size()));
            QVERIFY(m.apply != nullptr);
            QVERIFY(!m.displayName.empty());
            QVERIFY(!m.summary.empty());
        }
        QCOMPARE(ids, (QStringList{"default", "linear", "ntk", "dynamic", "yarn", "llama3",
                                   "longrope", "proportional"}));
        for (const QString& id : ids) {
            QCOMPARE(std::string(rope::findScalingMethod(id.toStdString())->id), id.toStdString());
        }
        QVERIFY(rope::findScalingMethod("ntk-by-parts") == nullptr);
    }

    // Ids exist only at the boundaries; inside, a method is a ScalingKind. Every id a config or
    // flag may carry must parse to the row that prints it back, byte for byte, and nothing else
    // may parse. Expected ids, written out (not read from the registry): the keys of Hugging Face
    // transformers' ROPE_INIT_FUNCTIONS in modeling_rope_utils.py — 4.x: "default", "linear",
    // "dynamic", "yarn", "longrope", "llama3"; 5.x drops "default" and adds "proportional" — plus
    // the explorer's own "ntk" (static NTK-aware, which HF has no key for).
    void idsRoundTripThroughTheParser() {
        const std::vector<std::string> hfKeys = {"default",  "linear", "dynamic",     "yarn",
                                                 "longrope", "llama3", "proportional"};
        const std::vector<std::string> ownIds = {"ntk"};
        std::vector<std::string> expected = hfKeys;
        expected.insert(expected.end(), ownIds.begin(), ownIds.end());
        std::set<rope::ScalingKind> kinds;
        for (const std::string& id : expected) {
            const std::optional<rope::ScalingKind> kind = rope::parseScalingKind(id);
            QVERIFY2(kind.has_value(), id.c_str());
            QCOMPARE(std::string(rope::scalingId(*kind)), id);
            QCOMPARE(std::string(rope::scalingMethod(*kind).id), id);
            QVERIFY2(rope::scalingMethod(*kind).kind == *kind, id.c_str());
            QCOMPARE(std::string(rope::scalingMethod(id).id), id);
            kinds.insert(*kind);
        }
        // Eight ids, eight distinct kinds, and the registry has exactly one row for each.
        QCOMPARE(kinds.size(), expected.size());
        QCOMPARE(rope::allScalingMethods().size(), expected.size());
        for (const rope::ScalingMethod& m : rope::allScalingMethods()) {
            QVERIFY2(kinds.count(m.kind) == 1, std::string(m.id).c_str());
            QCOMPARE(std::string(m.id), std::string(rope::scalingId(m.kind)));
        }
        // The default-constructed parameters are unscaled RoPE.
        QVERIFY(rope::ScalingParams{}.method == rope::ScalingKind::Default);
        // Ids are exact: other spellings, HF aliases the explorer does not take and the empty
        // string are refused.
        for (const std::string bad : {"", "Default", "YARN", "yarn ", "su", "ntk-by-parts",
                                      "dynamic-ntk", "llama-3", "long_rope", "mrope"}) {
            QVERIFY2(!rope::parseScalingKind(bad).has_value(), bad.c_str());
        }
    }

    void unknownIdIsRefusedNamingTheKnownOnes() {
        try {
            (void)rope::scalingMethod("rerope");
            QFAIL("no InvalidParameter thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(e.parameter(), std::string("method"));
            QCOMPARE(std::string(e.what()),
                     std::string("unknown method 'rerope' (known: default, linear, ntk, dynamic, "
                                 "yarn, llama3, longrope, proportional)"));
        }
    }

    // ---- Registry-generated invariants -------------------------------------------------------

    void factorOneIsIdentity_data() {
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<int>("originalContext");
        for (const rope::ScalingMethod& m : rope::allScalingMethods()) {
            const QString id = QString::fromUtf8(m.id.data(), static_cast<qsizetype>(m.id.size()));
            QTest::addRow("%s d=8 b=1e4", qPrintable(id)) << id << 8 << 1e4 << 4096;
            QTest::addRow("%s d=128 b=1e4", qPrintable(id)) << id << 128 << 1e4 << 4096;
            QTest::addRow("%s d=128 b=5e5 L0=8192", qPrintable(id)) << id << 128 << 5e5 << 8192;
            QTest::addRow("%s d=64 b=1e6 L0=32768", qPrintable(id)) << id << 64 << 1e6 << 32768;
        }
    }
    void factorOneIsIdentity() {
        QFETCH(QString, method);
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(int, originalContext);
        rope::RopeParams p = makeParams(method.toStdString(), dim, base);
        p.scaling.factor = 1.0;
        p.scaling.originalContext = originalContext;
        // seqLen stays 0 (= L0): dynamic NTK at factor 1 is the identity only up to L0.
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        ROPE_COMPARE_ARRAYS(r.invFreq, rope::inverseFrequencies(dim, base), kIdentityRelTol, 0.0);
        // YaRN: get_mscale(1) = 1 exactly, so attention is exactly 1 as for every other method.
        QCOMPARE(r.attentionFactor, 1.0);
    }

    void frequenciesAreFinitePositiveNonIncreasing_data() {
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("factor");
        QTest::addColumn<int>("originalContext");
        QTest::addColumn<qlonglong>("seqLen");
        QTest::addColumn<bool>("truncate");
        struct Config {
            const char* name;
            int dim;
            double base;
            double factor;
            int originalContext;
            qlonglong seqLen;
            bool truncate;
        };
        const Config configs[] = {
            {"llama2 s=4", 128, 1e4, 4.0, 4096, 16384, true},
            {"llama3 s=8", 128, 5e5, 8.0, 8192, 0, true},
            {"s=16 no-truncate", 128, 1e4, 16.0, 4096, 3 * 4096, false},
            {"d=4 smallest ntk dim", 4, 1e4, 2.0, 2048, 100000, true},
            {"base barely above 1", 64, 1.0001, 4.0, 4096, 8192, true},
            {"base 1e30", 64, 1e30, 4.0, 4096, 8192, true},
            {"small base large L0", 8, 2.0, 8.0, 65536, 0, true},
            {"L0=1", 16, 1e4, 32.0, 1, 1000, false},
            {"largest factor and seq-len", 256, 1e4, 1e6, 1, rope::limits::kMaxContext, true},
        };
        for (const rope::ScalingMethod& m : rope::allScalingMethods()) {
            const QString id = QString::fromUtf8(m.id.data(), static_cast<qsizetype>(m.id.size()));
            for (const Config& c : configs) {
                QTest::addRow("%s %s", qPrintable(id), c.name)
                    << id << c.dim << c.base << c.factor << c.originalContext << c.seqLen
                    << c.truncate;
            }
        }
    }
    void frequenciesAreFinitePositiveNonIncreasing() {
        QFETCH(QString, method);
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, factor);
        QFETCH(int, originalContext);
        QFETCH(qlonglong, seqLen);
        QFETCH(bool, truncate);
        rope::RopeParams p = makeParams(method.toStdString(), dim, base);
        p.scaling.factor = factor;
        p.scaling.originalContext = originalContext;
        p.scaling.seqLen = seqLen;
        p.scaling.truncate = truncate;
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        QCOMPARE(r.invFreq.size(), dim / 2);
        for (Eigen::Index i = 0; i < r.invFreq.size(); ++i) {
            QVERIFY2(
                std::isfinite(r.invFreq[i]) && r.invFreq[i] > 0.0,
                qPrintable(QStringLiteral("θ'[%1] = %2").arg(i).arg(r.invFreq[i], 0, 'g', 17)));
            if (i > 0) {
                QVERIFY2(r.invFreq[i] <= r.invFreq[i - 1],
                         qPrintable(QStringLiteral("θ'[%1] = %2 > θ'[%3] = %4")
                                        .arg(i)
                                        .arg(r.invFreq[i], 0, 'g', 17)
                                        .arg(i - 1)
                                        .arg(r.invFreq[i - 1], 0, 'g', 17)));
            }
        }
        QVERIFY(std::isfinite(r.attentionFactor) && r.attentionFactor > 0.0);
    }

    void usedParamsAreValidFlagNames_data() {
        QTest::addColumn<QString>("method");
        for (const rope::ScalingMethod& m : rope::allScalingMethods()) {
            const QString id = QString::fromUtf8(m.id.data(), static_cast<qsizetype>(m.id.size()));
            QTest::newRow(qPrintable(id)) << id;
        }
    }
    void usedParamsAreValidFlagNames() {
        QFETCH(QString, method);
        const rope::ScalingMethod& m = rope::scalingMethod(method.toStdString());
        QSet<QString> seen;
        for (const std::string_view name : m.usedParams) {
            const QString n = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
            QVERIFY2(knownParamNames().contains(n), qPrintable(n));
            QVERIFY2(!seen.contains(n), qPrintable("duplicate " + n));
            seen.insert(n);
        }
        QCOMPARE(m.usedParams.empty(), method == QLatin1String("default"));
    }

    // The registry's usedParams is the truth about what a method reads: a bad value in a listed
    // field is rejected naming that field, a bad value in any other field is ignored.
    void usedParamsMatchWhatIsValidated_data() {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("param");
        QTest::addColumn<bool>("used");
        for (const rope::ScalingMethod& m : rope::allScalingMethods()) {
            const QString id = QString::fromUtf8(m.id.data(), static_cast<qsizetype>(m.id.size()));
            QSet<QString> used;
            for (const std::string_view name : m.usedParams) {
                used.insert(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())));
            }
            for (const QString& param : knownParamNames()) {
                if (param == QLatin1String("truncate")) {
                    continue;
                }
                QTest::addRow("%s %s", qPrintable(id), qPrintable(param))
                    << id << param << used.contains(param);
            }
        }
    }
    void usedParamsMatchWhatIsValidated() {
        QFETCH(QString, method);
        QFETCH(QString, param);
        QFETCH(bool, used);
        rope::RopeParams p = makeParams(method.toStdString(), 64, 1e4);
        p.scaling.factor = 2.0;
        QVERIFY(setField(p.scaling, param, invalidValueFor(param)));
        if (used) {
            try {
                rope::scaledFrequencies(p);
                QFAIL("no InvalidParameter thrown");
            } catch (const rope::InvalidParameter& e) {
                QCOMPARE(QString::fromStdString(e.parameter()), param);
            }
        } else {
            const rope::ScalingResult r = rope::scaledFrequencies(p);
            QVERIFY(r.invFreq.isFinite().all());
        }
    }

    // ---- Golden values from the NumPy transcription of HF --------------------------------------

    void matchesHuggingFaceReference_data() {
        QTest::addColumn<int>("index");
        const auto& cases = rope::reference::scalingCases();
        for (int i = 0; i < static_cast<int>(cases.size()); ++i) {
            QTest::newRow(cases[static_cast<size_t>(i)].name) << i;
        }
    }
    void matchesHuggingFaceReference() {
        QFETCH(int, index);
        const rope::reference::ScalingCase& c =
            rope::reference::scalingCases()[static_cast<size_t>(index)];
        rope::RopeParams p = makeParams(c.method, c.headDim, c.base);
        p.rotaryDim = c.rotaryDim;
        rope::ScalingParams& s = p.scaling;
        s.factor = c.factor;
        s.originalContext = c.originalContext;
        s.seqLen = c.seqLen;
        s.betaFast = c.betaFast;
        s.betaSlow = c.betaSlow;
        s.mscale = c.mscale;
        s.mscaleAllDim = c.mscaleAllDim;
        s.attentionFactor = c.attentionFactor;
        s.truncate = c.truncate;
        s.lowFreqFactor = c.lowFreqFactor;
        s.highFreqFactor = c.highFreqFactor;
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        const Eigen::Map<const Eigen::ArrayXd> expected(
            c.expectedInvFreq.data(), static_cast<Eigen::Index>(c.expectedInvFreq.size()));
        ROPE_COMPARE_ARRAYS(r.invFreq, expected, kGoldenRelTol, 0.0);
        QVERIFY2(rope::test::close(r.attentionFactor, c.expectedAttentionFactor, kGoldenRelTol),
                 qPrintable(QStringLiteral("attention %1, expected %2")
                                .arg(r.attentionFactor, 0, 'g', 17)
                                .arg(c.expectedAttentionFactor, 0, 'g', 17)));
    }

    // ---- Closed forms --------------------------------------------------------------------------

    void linearDividesEveryFrequency() {
        rope::RopeParams p = makeParams("linear", 128, 1e4);
        p.scaling.factor = 4.0;
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        // Division by a power of two is exact.
        QVERIFY((r.invFreq == rope::inverseFrequencies(128, 1e4) / 4.0).all());
        QCOMPARE(r.attentionFactor, 1.0);
    }

    void ntkKeepsFastestAndInterpolatesSlowest_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("factor");
        QTest::newRow("d=128 b=1e4 s=4") << 128 << 1e4 << 4.0;
        QTest::newRow("d=128 b=1e4 s=8") << 128 << 1e4 << 8.0;
        QTest::newRow("d=64 b=5e5 s=3") << 64 << 5e5 << 3.0;
        QTest::newRow("d=4 b=1e4 s=2") << 4 << 1e4 << 2.0;
    }
    void ntkKeepsFastestAndInterpolatesSlowest() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, factor);
        rope::RopeParams p = makeParams("ntk", dim, base);
        p.scaling.factor = factor;
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        QCOMPARE(r.invFreq[0], 1.0);
        // (b·s^(d/(d−2)))^(−(d−2)/d) = b^(−(d−2)/d)/s: the slowest pair is interpolated by s.
        const Eigen::Index last = dim / 2 - 1;
        QVERIFY(rope::test::close(r.invFreq[last], theta[last] / factor, 1e-13));
    }

    void dynamicBelowOriginalContextIsUnchanged_data() {
        QTest::addColumn<qlonglong>("seqLen");
        QTest::newRow("unset") << 0LL;
        QTest::newRow("1 token") << 1LL;
        QTest::newRow("L0 - 1") << 4095LL;
        QTest::newRow("exactly L0") << 4096LL;
    }
    void dynamicBelowOriginalContextIsUnchanged() {
        QFETCH(qlonglong, seqLen);
        rope::RopeParams p = makeParams("dynamic", 128, 1e4);
        p.scaling.factor = 2.0;
        p.scaling.originalContext = 4096;
        p.scaling.seqLen = seqLen;
        // Bracket s·L0/L0 − (s−1) = 1 exactly, so b' = b and θ' = θ bit for bit.
        QVERIFY((rope::scaledFrequencies(p).invFreq == rope::inverseFrequencies(128, 1e4)).all());
    }

    void dynamicAtTwiceContextMatchesNtkRule() {
        // seq = 2·L0, s = 2: bracket 2·2 − 1 = 3, so dynamic equals static NTK with s = 3.
        rope::RopeParams dyn = makeParams("dynamic", 128, 1e4);
        dyn.scaling.factor = 2.0;
        dyn.scaling.seqLen = 2 * 4096;
        rope::RopeParams ntk = makeParams("ntk", 128, 1e4);
        ntk.scaling.factor = 3.0;
        QVERIFY(
            (rope::scaledFrequencies(dyn).invFreq == rope::scaledFrequencies(ntk).invFreq).all());
    }

    void yarnPassesFastPairsAndInterpolatesSlowPairs() {
        // d=128, b=1e4, L0=4096: find_correction_dim(32) = 20.94…, (1) = 45.03…, so the ramp runs
        // from low = 20 to high = 46; pairs ≤ 20 keep θ exactly, pairs ≥ 46 get θ/s exactly.
        rope::RopeParams p = makeParams("yarn", 128, 1e4);
        p.scaling.factor = 4.0;
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(128, 1e4);
        QVERIFY((r.invFreq.head(21) == theta.head(21)).all());
        QVERIFY((r.invFreq.tail(64 - 46) == theta.tail(64 - 46) / 4.0).all());
        QVERIFY(r.invFreq[30] < theta[30] && r.invFreq[30] > theta[30] / 4.0);
        QVERIFY(rope::test::close(r.attentionFactor, 0.1 * std::log(4.0) + 1.0, 2 * kEps));
    }

    void yarnAttentionFactor_data() {
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("mscale");
        QTest::addColumn<double>("mscaleAllDim");
        QTest::addColumn<double>("explicitFactor");
        QTest::addColumn<double>("expected");
        QTest::newRow("paper 0.1 ln s + 1, s=16")
            << 16.0 << 0.0 << 0.0 << 0.0 << 0.1 * std::log(16.0) + 1.0;
        QTest::newRow("mscale only is ignored")
            << 16.0 << 0.707 << 0.0 << 0.0 << 0.1 * std::log(16.0) + 1.0;
        QTest::newRow("equal mscales give 1") << 40.0 << 0.707 << 0.707 << 0.0 << 1.0;
        QTest::newRow("mscale 1 / all-dim 0.707")
            << 40.0 << 1.0 << 0.707 << 0.0
            << (0.1 * std::log(40.0) + 1.0) / (0.1 * 0.707 * std::log(40.0) + 1.0);
        QTest::newRow("explicit wins") << 40.0 << 1.0 << 0.707 << 0.8 << 0.8;
        QTest::newRow("s=1 gives 1") << 1.0 << 1.0 << 0.5 << 0.0 << 1.0;
    }
    void yarnAttentionFactor() {
        QFETCH(double, factor);
        QFETCH(double, mscale);
        QFETCH(double, mscaleAllDim);
        QFETCH(double, explicitFactor);
        QFETCH(double, expected);
        rope::RopeParams p = makeParams("yarn", 64, 1e4);
        p.scaling.factor = factor;
        p.scaling.mscale = mscale;
        p.scaling.mscaleAllDim = mscaleAllDim;
        p.scaling.attentionFactor = explicitFactor;
        QVERIFY(rope::test::close(rope::scaledFrequencies(p).attentionFactor, expected, 4 * kEps));
    }

    void llama3BandsFollowWavelength() {
        // Llama 3.1: b=5e5, d=128, s=8, L0=8192, low 1, high 4: λ < 2048 unchanged,
        // λ > 8192 divided by 8, in between a blend strictly inside (θ/8, θ).
        rope::RopeParams p = makeParams("llama3", 128, 5e5);
        p.scaling.factor = 8.0;
        p.scaling.originalContext = 8192;
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(128, 5e5);
        int high = 0;
        int low = 0;
        int medium = 0;
        for (Eigen::Index i = 0; i < theta.size(); ++i) {
            const double lambda = 2 * std::numbers::pi / theta[i];
            if (lambda < 2048.0) {
                QCOMPARE(r.invFreq[i], theta[i]);
                ++high;
            } else if (lambda > 8192.0) {
                QCOMPARE(r.invFreq[i], theta[i] / 8.0);
                ++low;
            } else {
                QVERIFY(r.invFreq[i] < theta[i] && r.invFreq[i] > theta[i] / 8.0);
                ++medium;
            }
        }
        // All three bands are populated for this published configuration.
        QVERIFY(high > 0 && low > 0 && medium > 0);
        QCOMPARE(r.attentionFactor, 1.0);
    }

    // ---- Invalid input -------------------------------------------------------------------------

    void rejectsInvalidInput_data() {
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("dim");
        QTest::addColumn<QString>("field");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("parameter");
        QTest::addColumn<QString>("shown");
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("linear factor 0.5") << "linear" << 64 << "factor" << 0.5 << "factor"
                                           << "0.5";
        QTest::newRow("linear factor NaN") << "linear" << 64 << "factor" << nan << "factor"
                                           << "nan";
        QTest::newRow("ntk factor inf") << "ntk" << 64 << "factor" << inf << "factor"
                                        << "inf";
        QTest::newRow("ntk factor 0.75") << "ntk" << 64 << "factor" << 0.75 << "factor"
                                         << "0.75";
        QTest::newRow("dynamic factor above 1e6") << "dynamic" << 64 << "factor" << 2e6 << "factor"
                                                  << "2000000";
        QTest::newRow("yarn factor -2") << "yarn" << 64 << "factor" << -2.0 << "factor"
                                        << "-2";
        QTest::newRow("llama3 factor 0") << "llama3" << 64 << "factor" << 0.0 << "factor"
                                         << "0";
        QTest::newRow("dynamic original-context 0")
            << "dynamic" << 64 << "original-context" << 0.0 << "original-context"
            << "0";
        QTest::newRow("yarn original-context -5")
            << "yarn" << 64 << "original-context" << -5.0 << "original-context"
            << "-5";
        QTest::newRow("llama3 original-context too large")
            << "llama3" << 64 << "original-context" << 67108865.0 << "original-context"
            << "67108865";
        QTest::newRow("dynamic seq-len -1") << "dynamic" << 64 << "seq-len" << -1.0 << "seq-len"
                                            << "-1";
        QTest::newRow("dynamic seq-len too large")
            << "dynamic" << 64 << "seq-len" << 1e8 << "seq-len"
            << "100000000";
        QTest::newRow("yarn beta-fast below beta-slow")
            << "yarn" << 64 << "beta-fast" << 0.5 << "beta-fast"
            << "0.5";
        QTest::newRow("yarn beta-fast NaN") << "yarn" << 64 << "beta-fast" << nan << "beta-fast"
                                            << "nan";
        QTest::newRow("yarn beta-slow 0") << "yarn" << 64 << "beta-slow" << 0.0 << "beta-slow"
                                          << "0";
        QTest::newRow("yarn beta-slow -1") << "yarn" << 64 << "beta-slow" << -1.0 << "beta-slow"
                                           << "-1";
        QTest::newRow("yarn mscale -0.5") << "yarn" << 64 << "mscale" << -0.5 << "mscale"
                                          << "-0.5";
        QTest::newRow("yarn mscale-all-dim inf")
            << "yarn" << 64 << "mscale-all-dim" << inf << "mscale-all-dim"
            << "inf";
        QTest::newRow("yarn attention-factor -1")
            << "yarn" << 64 << "attention-factor" << -1.0 << "attention-factor"
            << "-1";
        QTest::newRow("yarn attention-factor NaN")
            << "yarn" << 64 << "attention-factor" << nan << "attention-factor"
            << "nan";
        QTest::newRow("llama3 low-freq-factor 0")
            << "llama3" << 64 << "low-freq-factor" << 0.0 << "low-freq-factor"
            << "0";
        // low == high is valid (Llama 4 Scout ships 1 and 1); only low > high is rejected.
        QTest::newRow("llama3 low above high")
            << "llama3" << 64 << "low-freq-factor" << 5.0 << "high-freq-factor"
            << "5";
        QTest::newRow("longrope short-factor 0")
            << "longrope" << 64 << "short-factor" << 0.0 << "short-factor"
            << "0";
        QTest::newRow("longrope long-factor inf")
            << "longrope" << 64 << "long-factor" << inf << "long-factor"
            << "inf";
        QTest::newRow("longrope seq-len -1") << "longrope" << 64 << "seq-len" << -1.0 << "seq-len"
                                             << "-1";
        QTest::newRow("proportional factor 0.5")
            << "proportional" << 64 << "factor" << 0.5 << "factor"
            << "0.5";
        QTest::newRow("llama3 high below low")
            << "llama3" << 64 << "high-freq-factor" << 0.5 << "high-freq-factor"
            << "0.5";
        QTest::newRow("llama3 high-freq-factor -1")
            << "llama3" << 64 << "high-freq-factor" << -1.0 << "high-freq-factor"
            << "-1";
        QTest::newRow("ntk rotary dim 2") << "ntk" << 2 << "factor" << 2.0 << "dim"
                                          << "2";
        QTest::newRow("dynamic rotary dim 2") << "dynamic" << 2 << "factor" << 2.0 << "dim"
                                              << "2";
    }
    void rejectsInvalidInput() {
        QFETCH(QString, method);
        QFETCH(int, dim);
        QFETCH(QString, field);
        QFETCH(double, value);
        QFETCH(QString, parameter);
        QFETCH(QString, shown);
        rope::RopeParams p = makeParams(method.toStdString(), dim, 1e4);
        QVERIFY(setField(p.scaling, field, value));
        try {
            rope::scaledFrequencies(p);
            QFAIL("no InvalidParameter thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
            const QString message = QString::fromStdString(e.what());
            QVERIFY2(message.contains(shown, Qt::CaseInsensitive), qPrintable(message));
            QVERIFY2(message.contains(parameter), qPrintable(message));
        }
    }

    void rejectsInvalidDirectArguments_data() {
        QTest::addColumn<QString>("method");
        QTest::addColumn<Eigen::ArrayXd>("invFreq");
        QTest::addColumn<double>("base");
        QTest::addColumn<QString>("parameter");
        Eigen::ArrayXd negative(3);
        negative << 1.0, -0.1, 0.01;
        Eigen::ArrayXd withNan(2);
        withNan << 1.0, std::numeric_limits<double>::quiet_NaN();
        const Eigen::ArrayXd good = rope::inverseFrequencies(8, 1e4);
        for (const rope::ScalingMethod& m : rope::allScalingMethods()) {
            const QString id = QString::fromUtf8(m.id.data(), static_cast<qsizetype>(m.id.size()));
            QTest::addRow("%s empty", qPrintable(id))
                << id << Eigen::ArrayXd() << 1e4 << "inv_freq";
            QTest::addRow("%s negative", qPrintable(id)) << id << negative << 1e4 << "inv_freq";
            QTest::addRow("%s NaN", qPrintable(id)) << id << withNan << 1e4 << "inv_freq";
        }
        QTest::newRow("ntk base 1") << "ntk" << good << 1.0 << "base";
        QTest::newRow("dynamic base NaN")
            << "dynamic" << good << std::numeric_limits<double>::quiet_NaN() << "base";
        QTest::newRow("yarn base 0.5") << "yarn" << good << 0.5 << "base";
    }
    void rejectsInvalidDirectArguments() {
        QFETCH(QString, method);
        QFETCH(Eigen::ArrayXd, invFreq);
        QFETCH(double, base);
        QFETCH(QString, parameter);
        rope::ScalingParams s;
        s.method = rope::scalingMethod(method.toStdString()).kind;
        s.factor = 2.0;
        const rope::ScalingMethod& m = rope::scalingMethod(s.method);
        try {
            m.apply(invFreq, base, s);
            QFAIL("no InvalidParameter thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
        }
    }

    void rejectsUnknownMethod() {
        // An unknown id cannot reach scaledFrequencies (ScalingParams holds a kind); the parser
        // every loader and flag goes through refuses it, naming it.
        try {
            (void)rope::scalingMethod("ntk-by-parts");
            QFAIL("no InvalidParameter thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(e.parameter(), std::string("method"));
            QVERIFY(std::string(e.what()).find("ntk-by-parts") != std::string::npos);
        }
    }
};

QTEST_APPLESS_MAIN(TestScalingMethods)
#include "tst_scaling_methods.moc"
