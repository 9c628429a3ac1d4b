// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// keepFrameBuffersMapped(): a frame buffer freed and allocated again at the same size reuses
// its pages instead of faulting in fresh ones. The measure is the kernel's own count of the
// thread's page faults (getrusage), not a time.

#include "ui/frame_memory.h"

#include <QTest>

#include <cstdlib>
#include <cstring>
#include <sys/resource.h>

namespace {

long threadPageFaults() {
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_minflt + usage.ru_majflt;
}

// Page faults taken while allocating a buffer of \p bytes and writing every byte of it (as a
// paint buffer's clear does), then freeing it.
long faultsOfOneBuffer(std::size_t bytes) {
    const long before = threadPageFaults();
    void* buffer = std::malloc(bytes);
    if (buffer == nullptr) {
        return -1;
    }
    std::memset(buffer, 0x5a, bytes);
    const long faults = threadPageFaults() - before;
    std::free(buffer);
    return faults;
}

} // namespace

class TestFrameMemory : public QObject {
    Q_OBJECT

private slots:
    void aFreedBufferIsReused() {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer's allocator replaces glibc's (and quarantines freed memory)");
#endif
        rope::ui::keepFrameBuffersMapped();
        // 20 MiB: a 2 600 × 2 000 plot's paint buffer; 5 120 pages of 4 KiB.
        constexpr std::size_t kBytes = 20u << 20;
        const long first = faultsOfOneBuffer(kBytes);
        // The first buffer's pages are new to the process: they fault (one per page, or per
        // larger folio where the kernel maps those; never none).
        QVERIFY2(first > 0, qPrintable(QString::number(first)));
        // Without the call, glibc maps each buffer afresh and unmaps it when freed (or, once
        // its threshold has grown, takes fresh heap), so every buffer faults again, as many
        // times as the first. With it, the second and third reuse the first one's pages.
        for (int k = 0; k < 2; ++k) {
            const long again = faultsOfOneBuffer(kBytes);
            QVERIFY2(again * 20 < first,
                     qPrintable(QStringLiteral("%1 faults, after %2 for the first buffer")
                                    .arg(again)
                                    .arg(first)));
        }
    }
};

QTEST_APPLESS_MAIN(TestFrameMemory)
#include "tst_frame_memory.moc"
