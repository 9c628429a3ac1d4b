// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "io/model_config.h"

#include <Eigen/Core>
#include <QCommandLineParser>
#include <QStringList>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

/// Shared pieces of rope-cli: option sets, strict number parsing, JSON output with 17
/// significant digits. Every error is thrown as UsageError or rope::InvalidParameter; main()
/// turns both into one line on stderr and exit status 2.

namespace rope::cli {

/// Bad command line (unknown flag, missing value, unparsable number). Exit status 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Adds --dim --rotary-dim --base (the Model rows of paramFields()) and every scaling flag
/// (--method --factor --original-context --seq-len --beta-fast --beta-slow --mscale
/// --mscale-all-dim --attention-factor --no-truncate --low-freq-factor --high-freq-factor
/// --short-factor --long-factor --max-context), plus --preset ID and
/// --config PATH (a Hugging Face config.json) that give the starting values.
void addRopeOptions(QCommandLineParser& parser);

/// The figure commands' view of the model: --context, --m and --n (the View rows of
/// paramFields()); figureParamsFrom() reads them.
void addFigureViewOptions(QCommandLineParser& parser);

/// Every flag that sets a parameter (the base parameters, --method, --layout, --max-context,
/// the scaling fields, --preset, --config, --gguf): what a --session refuses beside it.
QStringList parameterFlags();

/// --preset ID, --config PATH and --gguf PATH: where a model command reads its model from
/// (modelConfigFrom() resolves them).
void addModelSourceOptions(QCommandLineParser& parser);

/// The whole import of --preset or --config (parameters, layers, M-RoPE sections), or nullopt
/// when neither is given. Warnings go to stderr.
/// \throws UsageError if both are given; rope::InvalidParameter("preset"/"config") listing the
/// import errors.
std::optional<io::ModelConfigResult> modelConfigFrom(const QCommandLineParser& parser);

/// Parses \p args (args[0] is the program name shown in messages) with --help handled.
/// Returns false if --help was given (help already printed to stdout).
/// \throws UsageError naming the unknown option or missing value.
bool parseArguments(QCommandLineParser& parser, const QStringList& args);

/// Reads the options added by addRopeOptions into RopeParams and validates the result. With
/// --preset or --config the model's parameters are the start and only flags given explicitly
/// override them; import warnings go to stderr.
/// \throws UsageError or rope::InvalidParameter naming the flag, the preset or the config field.
RopeParams ropeParamsFrom(const QCommandLineParser& parser);

/// \brief ropeParamsFrom() plus the figure commands' --context, --m and --n (those commands
/// define them), validated.
/// \warning Throws UsageError or InvalidParameter as ropeParamsFrom().
RopeParams figureParamsFrom(const QCommandLineParser& parser);

/// Strict number parsing: the whole string must be a finite number. \p flag names the option.
double parseDouble(const QString& text, const QString& flag);
long long parseInteger(const QString& text, const QString& flag);
/// Comma-separated doubles ("1,2.5,-3"). Empty items are an error.
std::vector<double> parseDoubleList(const QString& text, const QString& flag);

/// Value of a required option, or UsageError("missing required option --flag").
QString requiredValue(const QCommandLineParser& parser, const QString& flag);

/// A JSON number with at least 17 significant digits (%.17g), so doubles round-trip exactly.
/// Non-finite values have no JSON form and become null.
std::string jsonNumber(double value);
/// A JSON array of numbers, each formatted by jsonNumber.
std::string jsonArray(const Eigen::Ref<const Eigen::ArrayXd>& values);
/// A JSON string literal with escapes.
std::string jsonString(const std::string& text);

/// Writes \p json plus a newline to stdout.
void printJson(const std::string& json);

} // namespace rope::cli
