// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Fuzz target: lesson placeholder expansion (expandLessonPlaceholders, what lessonHtml() does to
// a lesson file). The input is lesson HTML as a translator might write it; invalid UTF-8 is
// decoded the way QString::fromUtf8 does when a resource is read. The course loader does not
// exist yet; its target comes with it.

#include "figures/lessons.h"

#include <QString>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QString html =
        QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const QString out = rope::figures::expandLessonPlaceholders(html);
    // Text outside placeholders is copied: no placeholder syntax, no change.
    if (!html.contains(QStringLiteral("{{")) && out != html) {
        std::fprintf(stderr, "fuzz_lessons: text without placeholders was changed\n");
        std::abort();
    }
    return 0;
}
