// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

/// \file llama_cpp_args.h
/// llama.cpp's command-line flags, read the way its own parser reads them
/// (common_params_parse_ex in common/arg.cpp): every argument is a flag it knows, followed by
/// the number of values that flag takes; a "--" flag may spell '-' as '_'; there are no
/// positional arguments. The doctor checks the arguments a user passes with this, so a flag
/// llama.cpp would refuse ("error: invalid argument: --bogus") is refused here too instead of
/// being ignored.

namespace rope::io {

/// \brief Where the flag table comes from (shown in messages and docs).
inline constexpr const char* kLlamaCppArgsSource = "llama.cpp common/arg.cpp, commit 145b628";

/// \brief How many values \p flag takes (0, 1 or 2), or nullopt when llama.cpp has no such
/// flag. The table is the union over llama.cpp's programs (llama-cli, llama-server, …), so a
/// flag only one of them accepts is known. "--rope_freq_base" reads as "--rope-freq-base".
std::optional<int> llamaCppFlagValues(const QString& flag);

/// \brief The RoPE-relevant flags: the ones whose values change θ, the attention factor or the
/// positions (the doctor reads several of them).
QStringList llamaCppRopeFlags();

/// \brief Checks \p args as llama.cpp's parser would and returns them with every "--" flag's
/// '_' written as '-'.
/// \throws rope::InvalidParameter ("engine-args") naming the first argument llama.cpp would
/// refuse: an unknown flag, a value without a flag, or a flag whose value is missing.
QStringList checkLlamaCppArgs(const QStringList& args);

/// \brief Splits the one-string form of the arguments ("--rope-scaling yarn -p \"a b\"") as a
/// shell would: spaces separate, double or single quotes group (QProcess::splitCommand rules).
QStringList splitEngineArgs(const QString& text);

} // namespace rope::io
