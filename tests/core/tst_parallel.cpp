// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// core/parallel.h: the one fan-out of rope_core. Expected values are closed forms: block b of
// t = min(threads, n) blocks over [0, n) is [⌊n·b/t⌋, ⌊n·(b+1)/t⌋), every index is visited
// exactly once, and progress is the fraction clamped to [0, 1] in parts of 2^-20. Nothing here
// is timed: where an order between threads matters it is forced with flags, and the only
// deadline (60 s) guards against a hang, never measures speed.
#include "core/parallel.h"
#include "core/rope_params.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace {

struct Block {
    std::size_t begin;
    std::size_t end;
    bool onCaller;
};

// Runs parallelFor(n, threads) with a body that records each block and counts each index.
std::vector<Block> recordBlocks(std::size_t n, int threads, std::vector<int>& visits) {
    visits.assign(n, 0);
    std::vector<Block> blocks;
    std::mutex mutex;
    const std::thread::id caller = std::this_thread::get_id();
    rope::parallelFor(n, threads, [&](std::size_t begin, std::size_t end) {
        const std::lock_guard<std::mutex> lock(mutex);
        blocks.push_back({begin, end, std::this_thread::get_id() == caller});
        for (std::size_t i = begin; i < end; ++i) {
            ++visits[i];
        }
    });
    std::sort(blocks.begin(), blocks.end(),
              [](const Block& a, const Block& b) { return a.begin < b.begin; });
    return blocks;
}

constexpr auto kHangGuard = std::chrono::seconds(60);

} // namespace

class TestParallel : public QObject {
    Q_OBJECT

private slots:
    void blocksCoverTheRangeOnce_data() {
        QTest::addColumn<qulonglong>("n");
        QTest::addColumn<int>("threads");
        for (const qulonglong n : {1ULL, 2ULL, 3ULL, 7ULL, 64ULL, 100ULL, 1000ULL, 65537ULL}) {
            for (const int threads : {1, 2, 3, 4, 7, 16, 64, 256}) {
                QTest::addRow("n%llu-t%d", n, threads) << n << threads;
            }
        }
    }

    // Every index once; t = min(threads, n) blocks, block b = [⌊n·b/t⌋, ⌊n·(b+1)/t⌋), none
    // empty; block 0 on the calling thread.
    void blocksCoverTheRangeOnce() {
        QFETCH(qulonglong, n);
        QFETCH(int, threads);
        std::vector<int> visits;
        const std::vector<Block> blocks = recordBlocks(n, threads, visits);
        QVERIFY(std::all_of(visits.begin(), visits.end(), [](int v) { return v == 1; }));
        const std::size_t t = std::min<std::size_t>(static_cast<std::size_t>(threads), n);
        QCOMPARE(blocks.size(), t);
        for (std::size_t b = 0; b < t; ++b) {
            QCOMPARE(blocks[b].begin, n * b / t);
            QCOMPARE(blocks[b].end, n * (b + 1) / t);
            QVERIFY(blocks[b].end > blocks[b].begin);
        }
        QVERIFY(blocks.front().onCaller);
    }

    // n < threads: one block per index, no empty block; n = 0: no block at all.
    void fewerIndicesThanThreadsAndNone() {
        std::vector<int> visits;
        const std::vector<Block> three = recordBlocks(3, 8, visits);
        QCOMPARE(three.size(), std::size_t{3});
        for (std::size_t b = 0; b < 3; ++b) {
            QCOMPARE(three[b].begin, b);
            QCOMPARE(three[b].end, b + 1);
        }
        QVERIFY(recordBlocks(0, 8, visits).empty());
        QVERIFY(recordBlocks(0, 1, visits).empty());
    }

    // One thread starts no thread: the single block runs on the caller.
    void oneThreadRunsOnTheCaller() {
        std::vector<int> visits;
        const std::vector<Block> one = recordBlocks(1000, 1, visits);
        QCOMPARE(one.size(), std::size_t{1});
        QVERIFY(one.front().onCaller);
    }

    void threadCountsOutsideTheRangeAreRefused() {
        const auto body = [](std::size_t, std::size_t) {};
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::parallelFor(10, 0, body));
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::parallelFor(10, -1, body));
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::parallelFor(10, 257, body));
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter,
                                 rope::parallelForAlongside(10, 0, body, [] {}));
        try {
            rope::parallelFor(0, 300, body);
            QFAIL("300 threads accepted");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(e.parameter(), std::string("threads"));
        }
    }

    void resolveThreadsFollowsItsRule() {
        QCOMPARE(rope::resolveThreads(1), 1);
        QCOMPARE(rope::resolveThreads(17), 17);
        QCOMPARE(rope::resolveThreads(256), 256);
        // 0: every core the library reports, at least 1 (it may report 0 when it cannot tell).
        const int cores =
            static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, 256U));
        QCOMPARE(rope::resolveThreads(0), cores);
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::resolveThreads(-1));
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::resolveThreads(257));
    }

    // Block 1 throws; the other blocks wait until it has thrown, then finish. parallelFor must
    // rethrow that exception, and only after every other block has finished.
    void anExceptionIsRethrownAfterEveryBlockFinished() {
        constexpr int kThreads = 4;
        std::atomic<bool> thrown{false};
        std::atomic<int> finished{0};
        bool caught = false;
        try {
            rope::parallelFor(kThreads, kThreads, [&](std::size_t begin, std::size_t) {
                if (begin == 1) {
                    thrown = true;
                    throw std::runtime_error("block 1 failed");
                }
                const auto deadline = std::chrono::steady_clock::now() + kHangGuard;
                while (!thrown && std::chrono::steady_clock::now() < deadline) {
                    std::this_thread::yield();
                }
                ++finished;
            });
        } catch (const std::runtime_error& e) {
            caught = true;
            QCOMPARE(std::string(e.what()), std::string("block 1 failed"));
        }
        QVERIFY(caught);
        QCOMPARE(finished.load(), kThreads - 1);
    }

    // The calling thread's own block may throw too.
    void anExceptionOfTheCallersBlockIsRethrown() {
        std::atomic<int> finished{0};
        QVERIFY_THROWS_EXCEPTION(std::logic_error,
                                 rope::parallelFor(100, 4, [&](std::size_t begin, std::size_t) {
                                     if (begin == 0) {
                                         throw std::logic_error("block 0");
                                     }
                                     ++finished;
                                 }));
        QCOMPARE(finished.load(), 3);
    }

    // A control cancelled before the call: no block starts, and the call returns normally.
    void aCancelledControlSkipsUnstartedBlocks() {
        rope::WorkControl control;
        control.cancel();
        std::atomic<int> calls{0};
        for (const int threads : {1, 2, 8}) {
            rope::parallelFor(
                1000, threads, [&](std::size_t, std::size_t) { ++calls; }, &control);
            rope::parallelForAlongside(
                1000, threads, [&](std::size_t, std::size_t) { ++calls; }, [] {}, &control);
        }
        QCOMPARE(calls.load(), 0);
        // A clear control runs every block.
        const rope::WorkControl clear;
        rope::parallelFor(
            1000, 8, [&](std::size_t, std::size_t) { ++calls; }, &clear);
        QCOMPARE(calls.load(), 8);
    }

    // Progress is the fraction clamped to [0, 1] in parts of 2^-20; NaN counts as 0. The
    // listener sees the clamped fraction itself.
    void progressClamps_data() {
        QTest::addColumn<double>("set");
        QTest::addColumn<double>("expected");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::addRow("half") << 0.5 << 0.5;
        QTest::addRow("zero") << 0.0 << 0.0;
        QTest::addRow("one") << 1.0 << 1.0;
        QTest::addRow("negative") << -0.25 << 0.0;
        QTest::addRow("above one") << 3.0 << 1.0;
        QTest::addRow("+inf") << inf << 1.0;
        QTest::addRow("-inf") << -inf << 0.0;
        QTest::addRow("nan") << std::numeric_limits<double>::quiet_NaN() << 0.0;
        QTest::addRow("3/8") << 0.375 << 0.375;
    }

    void progressClamps() {
        QFETCH(double, set);
        QFETCH(double, expected);
        std::vector<double> heard;
        const rope::WorkControl control(nullptr, [&heard](double f) { heard.push_back(f); });
        control.setProgress(0.75); // a previous value the NaN must not keep
        control.setProgress(set);
        // Every expected value is a multiple of 2^-20, so the stored one is exact.
        QCOMPARE(control.progress(), expected);
        QCOMPARE(heard.size(), std::size_t{2});
        QCOMPARE(heard.back(), expected);
    }

    // Between the multiples of 2^-20 the stored value is the nearest one.
    void progressIsStoredInPartsOfTwoToTheMinusTwenty() {
        rope::WorkControl control;
        control.setProgress(0.1);
        QVERIFY(std::abs(control.progress() - 0.1) <= 0x1p-21);
        QCOMPARE(control.progress() * 0x1p20, std::round(0.1 * 0x1p20));
        QCOMPARE(rope::WorkControl().progress(), 0.0);
    }

    // A control that follows an outside flag is cancelled by either.
    void aFollowedFlagCancels() {
        std::atomic<bool> outside{false};
        rope::WorkControl control(&outside);
        QVERIFY(!control.cancelled());
        QVERIFY(!rope::isCancelled(&control));
        outside = true;
        QVERIFY(control.cancelled());
        QVERIFY(rope::isCancelled(&control));
        outside = false;
        control.cancel();
        QVERIFY(control.cancelled());
        QVERIFY(!rope::isCancelled(nullptr));
    }

    // parallelForAlongside: the blocks run on worker threads while the caller consumes; the
    // consumer here waits for every block's result, which can only come if they run beside it.
    void alongsideRunsTheBlocksWhileTheCallerConsumes() {
        constexpr std::size_t kN = 10;
        std::vector<int> visits(kN, 0);
        std::mutex mutex;
        std::condition_variable produced;
        std::size_t done = 0;
        bool blockOnCaller = false;
        bool consumedAll = false;
        bool consumerOnCaller = false;
        const std::thread::id caller = std::this_thread::get_id();
        rope::parallelForAlongside(
            kN, 4,
            [&](std::size_t begin, std::size_t end) {
                const std::lock_guard<std::mutex> lock(mutex);
                blockOnCaller = blockOnCaller || std::this_thread::get_id() == caller;
                for (std::size_t i = begin; i < end; ++i) {
                    ++visits[i];
                    ++done;
                }
                produced.notify_all();
            },
            [&] {
                consumerOnCaller = std::this_thread::get_id() == caller;
                std::unique_lock<std::mutex> lock(mutex);
                consumedAll = produced.wait_for(lock, kHangGuard, [&] { return done == kN; });
            });
        QVERIFY(consumerOnCaller);
        QVERIFY(consumedAll);
        QVERIFY(!blockOnCaller);
        QVERIFY(std::all_of(visits.begin(), visits.end(), [](int v) { return v == 1; }));
    }

    // n = 0: the consumer still runs.
    void alongsideWithNoWorkStillConsumes() {
        bool consumed = false;
        std::atomic<int> blocks{0};
        rope::parallelForAlongside(
            0, 4, [&](std::size_t, std::size_t) { ++blocks; }, [&] { consumed = true; });
        QVERIFY(consumed);
        QCOMPARE(blocks.load(), 0);
    }

    // The consumer's exception, and a block's, come back after every block finished.
    void alongsideRethrowsAfterTheBlocks() {
        std::atomic<int> finished{0};
        std::atomic<bool> thrown{false};
        QVERIFY_THROWS_EXCEPTION(
            std::runtime_error,
            rope::parallelForAlongside(
                3, 3,
                [&](std::size_t, std::size_t) {
                    const auto deadline = std::chrono::steady_clock::now() + kHangGuard;
                    while (!thrown && std::chrono::steady_clock::now() < deadline) {
                        std::this_thread::yield();
                    }
                    ++finished;
                },
                [&] {
                    thrown = true;
                    throw std::runtime_error("consumer");
                }));
        QCOMPARE(finished.load(), 3);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, rope::parallelForAlongside(
                                                       2, 2,
                                                       [](std::size_t begin, std::size_t) {
                                                           if (begin == 1) {
                                                               throw std::logic_error("block");
                                                           }
                                                       },
                                                       [] {}));
    }
};

QTEST_GUILESS_MAIN(TestParallel)
#include "tst_parallel.moc"
