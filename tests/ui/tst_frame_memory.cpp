// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// keepFrameBuffersMapped(): a frame buffer freed and allocated again at the same size reuses
// its pages instead of faulting in fresh ones. Two measures, neither a time:
// - glibc's own account (mallinfo2): the buffer comes from the heap, not from a mapping of its
//   own, and freeing it leaves the heap its size;
// - the kernel's count of the thread's page faults (getrusage), where the kernel maps the
//   buffer in 4 KiB pages. With transparent huge pages a 20 MiB buffer can fault once or a
//   few times in all, too few to tell reuse from fresh pages, so that check needs the first
//   buffer to fault once per small page or so.

#include "ui/frame_memory.h"

#include <QTest>

#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

namespace {

long threadPageFaults() {
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_minflt + usage.ru_majflt;
}

// One buffer's life, as a frame's paint buffer lives it: allocated, every byte written (the
// clear), freed. What glibc and the kernel say about it on the way.
struct BufferLife {
    bool allocated = false;
    long faults = 0;                              // page faults while allocating and writing it
    std::size_t mappedBefore = 0, mappedHeld = 0; // bytes in blocks mapped on their own
    std::size_t heapHeld = 0, heapAfter = 0;      // bytes of heap, held and after the free
};

BufferLife liveOneBuffer(std::size_t bytes) {
    BufferLife life;
    life.mappedBefore = mallinfo2().hblkhd;
    const long before = threadPageFaults();
    void* buffer = std::malloc(bytes);
    if (buffer == nullptr) {
        return life;
    }
    life.allocated = true;
    std::memset(buffer, 0x5a, bytes);
    life.faults = threadPageFaults() - before;
    const struct mallinfo2 held = mallinfo2();
    life.mappedHeld = held.hblkhd;
    life.heapHeld = held.arena;
    std::free(buffer);
    life.heapAfter = mallinfo2().arena;
    return life;
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
        const BufferLife first = liveOneBuffer(kBytes);
        QVERIFY(first.allocated);

        // glibc's account. Without the call, a block this size is mapped on its own (the
        // default threshold is 128 KiB, and grows to at most 32 MiB only after such blocks
        // are freed) and handed back to the kernel when freed; so are heap tops over 128 KiB.
        QVERIFY2(first.mappedHeld < first.mappedBefore + kBytes,
                 qPrintable(QStringLiteral("the buffer was mapped on its own (%1 → %2 bytes)")
                                .arg(first.mappedBefore)
                                .arg(first.mappedHeld)));
        QVERIFY2(first.heapAfter + kBytes / 2 > first.heapHeld,
                 qPrintable(QStringLiteral("freeing the buffer shrank the heap (%1 → %2 bytes)")
                                .arg(first.heapHeld)
                                .arg(first.heapAfter)));

        // The kernel's account. Where it maps the buffer in small pages, the first buffer
        // faults about once per page; without the call every later buffer faults as often.
        // With it, the second and third reuse the first one's pages.
        const long smallPages =
            static_cast<long>(kBytes / static_cast<std::size_t>(sysconf(_SC_PAGESIZE)));
        if (first.faults < smallPages / 2) {
            qInfo("The kernel mapped the buffer in large pages (%ld faults for %ld small "
                  "pages): the fault count cannot tell reused pages from fresh ones here.",
                  first.faults, smallPages);
            return;
        }
        for (int k = 0; k < 2; ++k) {
            const long again = liveOneBuffer(kBytes).faults;
            QVERIFY2(again * 20 < first.faults,
                     qPrintable(QStringLiteral("%1 faults, after %2 for the first buffer")
                                    .arg(again)
                                    .arg(first.faults)));
        }
    }
};

QTEST_APPLESS_MAIN(TestFrameMemory)
#include "tst_frame_memory.moc"
