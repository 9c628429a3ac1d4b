// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// core/vector_state.h: clearUpperVectorState() leaves the AVX upper state clean, and the sampled
// kv-cache curve (the slider step of its panel) starts from a clean state whatever ran before.
// The expected value is the processor's own record: XGETBV with ECX = 1 returns XINUSE, whose
// bit 2 is set while the upper halves of ymm0–15 are in use (Intel SDM vol. 1, 13.6) — set by
// any 256-bit VEX instruction, cleared by vzeroupper. Nothing is timed (the speed it buys is
// measured by tst_frame_bench sliderStep, docs/PERFORMANCE.md).
#include "core/kv_cache.h"
#include "core/vector_state.h"

#include <QTest>

#include <cstdint>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#define ROPE_TEST_X86 1
#endif

namespace {

#ifdef ROPE_TEST_X86
// XGETBV with ECX = 1 exists when CPUID.(EAX = 0DH, ECX = 1):EAX[2] is set.
bool hasXinuse() {
    unsigned a = 0;
    unsigned b = 0;
    unsigned c = 0;
    unsigned d = 0;
    if (!__builtin_cpu_supports("avx") || __get_cpuid_max(0, nullptr) < 0xD) {
        return false;
    }
    __cpuid_count(0xD, 1, a, b, c, d);
    return (a & 4U) != 0;
}

bool upperInUse() {
    std::uint32_t lo = 0;
    std::uint32_t hi = 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1U));
    return (lo & 4U) != 0;
}

// A 256-bit VEX instruction and no vzeroupper after it: what Qt's AVX2 fill leaves behind. In
// inline assembly, so the compiler adds no vzeroupper of its own.
void dirtyUpperState() {
    __asm__ volatile("vpcmpeqd %%ymm0, %%ymm0, %%ymm0" ::: "xmm0");
}
#endif

} // namespace

class TestVectorState : public QObject {
    Q_OBJECT

private slots:
    void clearLeavesTheUpperStateClean() {
#ifdef ROPE_TEST_X86
        if (!hasXinuse()) {
            QSKIP("this CPU does not report XINUSE (XGETBV with ECX = 1)");
        }
        dirtyUpperState();
        const bool dirty = upperInUse();
        rope::clearUpperVectorState();
        const bool after = upperInUse();
        QVERIFY2(dirty, "a 256-bit VEX instruction did not set XINUSE[2]: nothing to check");
        QVERIFY(!after);
#else
        rope::clearUpperVectorState(); // a no-op here; it must still link and return
        QSKIP("not x86-64 with GCC or Clang: clearUpperVectorState() does nothing");
#endif
    }

    // The kv-cache panel's sampled curve runs on the GUI thread right after a paint; it clears
    // the state itself, so whatever ran before, its loops are not penalised.
    void kvCacheCurveStartsClean() {
#ifdef ROPE_TEST_X86
        if (!hasXinuse()) {
            QSKIP("this CPU does not report XINUSE (XGETBV with ECX = 1)");
        }
        const std::vector<long long> lengths = {2048, 4096, 8192, 16384};
        dirtyUpperState();
        const bool dirty = upperInUse();
        const std::vector<rope::KvCacheScores> scores = rope::dynamicNtkKvCacheScoresOverLengths(
            128, 10000.0, 4.0, 4096, 2048, lengths, -1, 2047);
        const bool after = upperInUse();
        QVERIFY(dirty);
        QVERIFY(!after);
        QCOMPARE(scores.size(), lengths.size());
        // At L = C = 2048 ≤ L₀ both rotations use θ(L₀) and m = L − 1 = n: both scores are
        // (2/D)·Σ cos 0 = 1.
        QCOMPARE(scores[0].consistent, 1.0);
        QCOMPARE(scores[0].cachedKey, 1.0);
#else
        QSKIP("not x86-64 with GCC or Clang");
#endif
    }
};

QTEST_GUILESS_MAIN(TestVectorState)
#include "tst_vector_state.moc"
