// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Fuzz target: the safetensors header parser (parseSafetensors, which SafetensorsFile::open runs
// on a memory map). Beyond "no crash, no sanitizer report": a refused input gives a message, and
// an accepted header's tensors lie inside the data buffer, one after another without overlap,
// each byte range holding exactly shape × dtype size bytes.

#include "io/safetensors.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    QString error;
    const auto header = rope::io::parseSafetensors(data, size, error);
    if (!header) {
        if (error.isEmpty()) {
            std::fprintf(stderr, "fuzz_safetensors: refused without a message\n");
            std::abort();
        }
        return 0;
    }
    if (header->dataOffset < 8 || header->dataOffset > size) {
        std::fprintf(stderr, "fuzz_safetensors: data offset outside the file\n");
        std::abort();
    }
    const quint64 buffer = size - header->dataOffset;
    std::vector<std::pair<quint64, quint64>> ranges;
    for (const auto& [name, t] : header->tensors) {
        if (t.end < t.begin || t.end > buffer ||
            t.elements() * static_cast<quint64>(t.elementSize) != t.end - t.begin) {
            std::fprintf(stderr, "fuzz_safetensors: tensor %s accepted with a bad range\n",
                         qPrintable(name));
            std::abort();
        }
        ranges.emplace_back(t.begin, t.end);
    }
    std::sort(ranges.begin(), ranges.end());
    for (std::size_t i = 1; i < ranges.size(); ++i) {
        if (ranges[i].first < ranges[i - 1].second) {
            std::fprintf(stderr, "fuzz_safetensors: overlapping tensors accepted\n");
            std::abort();
        }
    }
    // Decode a readable tensor's first and last element (the reader's conversions).
    for (const auto& [name, t] : header->tensors) {
        if (!rope::io::isReadableDtype(t.dtype) || t.elements() == 0) {
            continue;
        }
        const uint8_t* p = data + header->dataOffset + t.begin;
        const quint64 last = (t.elements() - 1) * static_cast<quint64>(t.elementSize);
        if (t.elementSize == 2) {
            const auto bits = static_cast<quint16>(p[last] | (p[last + 1] << 8));
            (void)(t.dtype == QLatin1String("F16") ? rope::io::halfToDouble(bits)
                                                   : rope::io::bfloat16ToDouble(bits));
        }
    }
    return 0;
}
