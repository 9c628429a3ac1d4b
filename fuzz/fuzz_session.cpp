// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Fuzz target: the .ropex session loader (sessionFromJson, which loadSession(path) wraps).
// Checks beyond "no crash": the loaded parameters pass rope::validate (the loader's promise),
// and a session that loaded without errors survives a save/load round trip unchanged.

#include "core/rope_params.h"
#include "io/session.h"

#include <QByteArray>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const rope::io::SessionLoadResult result = rope::io::sessionFromJson(json);
    try {
        rope::validate(result.session.params);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz_session: loaded parameters fail validate: %s\n", e.what());
        std::abort();
    }
    if (result.ok()) {
        const QByteArray saved = rope::io::sessionToJson(result.session);
        const rope::io::SessionLoadResult again = rope::io::sessionFromJson(saved);
        if (!again.ok()) {
            std::fprintf(stderr, "fuzz_session: a saved session does not load again: %s\n",
                         qPrintable(again.errors.join(QStringLiteral("; "))));
            std::abort();
        }
        if (rope::io::sessionToJson(again.session) != saved) {
            std::fprintf(stderr, "fuzz_session: save → load → save changed the file\n");
            std::abort();
        }
    }
    return 0;
}
