// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Cancelling core's certified sweeps (MinimalBaseOptions::control): a cancelled search returns
// promptly with cancelled = true and no base, never a number it did not certify; a flag that
// stays clear changes nothing. Expected values: the brackets of the independent NumPy certified
// sweep (tests/core/reference/base_bound_reference.py). The timings only fail on a hang (a
// bound 20× the one the panels need); the measured figure is printed for docs/PERFORMANCE.md.
#include "core/base_bound.h"
#include "tests/core/reference/base_bound_reference_values.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <cmath>
#include <numbers>
#include <thread>
#include <vector>

namespace {

// b*(2^22, 128): far beyond the 2^20 search of seconds, so it is still running when cancelled
// however fast the sweep becomes.
constexpr long long kLongContext = 1LL << 22;

const rope::reference::MinBaseBracket& referenceRow(long long context, bool inclusive) {
    for (const auto& row : rope::reference::kMinBaseBrackets) {
        if (row.context == context && row.dim == 128 && row.inclusive == inclusive) {
            return row;
        }
    }
    qFatal("no reference row for context %lld", context);
}

} // namespace

class TestBaseBoundCancel : public QObject {
    Q_OBJECT

private slots:
    void aClearFlagChangesNothing() {
        const rope::WorkControl never;
        rope::MinimalBaseOptions options;
        options.control = &never;
        const rope::MinimalBase r = rope::minimalBase(4096, 128, options);
        const auto& row = referenceRow(4096, false);
        QVERIFY(!r.cancelled);
        QVERIFY(r.found);
        // Both brackets contain b*, so they overlap; ours is no wider than the tolerance.
        QVERIFY(std::max(r.lowerBracket, row.lower) <= std::min(r.base, row.upper) * (1 + 1e-12));
        QVERIFY(r.base / r.lowerBracket - 1.0 <= 1e-9);
        QCOMPARE(r.argminDistance, row.argmin);
    }

    void aSetFlagStopsBeforeTheFirstStep() {
        rope::WorkControl cancel;
        cancel.cancel();
        rope::MinimalBaseOptions options;
        options.control = &cancel;
        const auto start = std::chrono::steady_clock::now();
        const rope::MinimalBase r = rope::minimalBase(kLongContext, 128, options);
        QVERIFY(r.cancelled);
        QVERIFY(!r.found);
        QVERIFY(std::isnan(r.base));
        QCOMPARE(r.steps, 0LL);
        const rope::MinimalBase t = rope::allFeasibleAbove(4096, 128, options);
        QVERIFY(t.cancelled && !t.found && std::isnan(t.base));
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(1));
    }

    // The flag set by another thread while the sweep runs: it returns within a step or two.
    void aCancelMidSweepReturnsPromptlyWithoutANumber() {
        rope::WorkControl cancel;
        rope::MinimalBaseOptions options;
        options.control = &cancel;
        options.workLimit = 0.0;
        // Both instants read after join(): no clock is shared between the threads.
        std::chrono::steady_clock::time_point flagged;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            flagged = std::chrono::steady_clock::now();
            cancel.cancel();
        });
        const rope::MinimalBase r = rope::minimalBase(kLongContext, 128, options);
        const auto returned = std::chrono::steady_clock::now();
        canceller.join();
        const long long latency =
            std::chrono::duration_cast<std::chrono::milliseconds>(returned - flagged).count();
        QVERIFY(r.cancelled);
        QVERIFY(!r.found);
        QVERIFY(std::isnan(r.base));
        // The sweep starts at 4/π (below it f(2) < 0); what it proved stays proven.
        QVERIFY(r.lowerBracket >= 4.0 / std::numbers::pi);
        qInfo("b*(2^22, 128) cancelled after 300 ms: returned %lld ms after the flag", latency);
        QVERIFY2(latency < 10000, "the sweep did not look at its cancel flag");
    }

    // A cancelled curve emits a prefix of the contexts, each a complete search, and returns;
    // its progress is the share of contexts emitted (k + 1 of 5 after emit(k)).
    void aCancelledCurveEmitsOnlyFinishedSearches() {
        rope::WorkControl cancel;
        rope::MinimalBaseOptions options;
        options.control = &cancel;
        options.workLimit = 0.0;
        const std::vector<long long> contexts = {1000, 1024, 2048, 1LL << 19, 1LL << 20};
        std::vector<std::size_t> emitted;
        rope::minimalBaseCurve(contexts, 128, options, 2,
                               [&](std::size_t k, const rope::MinimalBase& r) {
                                   QVERIFY(!r.cancelled);
                                   QVERIFY(r.found);
                                   QVERIFY(r.base >= referenceRow(contexts[k], false).lower);
                                   // Set after the emit before this one.
                                   // (stored in parts of 2^-20: within half a part)
                                   QVERIFY(std::abs(cancel.progress() - k / 5.0) <= 0x1p-21);
                                   emitted.push_back(k);
                                   if (k == 1) {
                                       cancel.cancel();
                                   }
                               });
        QVERIFY(emitted.size() >= 2 && emitted.size() < contexts.size());
        for (std::size_t k = 0; k < emitted.size(); ++k) {
            QCOMPARE(emitted[k], k); // in order, no gap
        }
    }
};

QTEST_GUILESS_MAIN(TestBaseBoundCancel)
#include "tst_base_bound_cancel.moc"
