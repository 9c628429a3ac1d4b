// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "figures/figure_data.h"

#include <QByteArray>
#include <QStringList>
#include <QVariant>

#include <initializer_list>
#include <stdexcept>
#include <vector>

/// \file option_table.h
/// A figure's options as data: one row per option, written once. The GUI builds its
/// controls from the rows (ui/panels/option_controls.h); `rope-cli figure --set`, sessions and
/// course steps all go through parseOptionValue()/checkOptions(), so an unknown key or a bad
/// value is refused in the same words everywhere; `--list-options` prints the table.

namespace rope::figures {

/// \brief What kind of value an option holds, and so which control edits it.
enum class OptionKind {
    Choice,  ///< one of a fixed list of kebab-case ids (a combo box)
    Integer, ///< a whole number in [min, max] (a spin box)
    Real,    ///< a real number in [min, max] (a spin box with decimals)
    LogReal, ///< a positive real in [min, max] spanning decades (a spin box stepping by decades)
    Toggle,  ///< true/false (a check box)
    Text,    ///< free text checked by OptionSpec::validate (a line edit), e.g. a list of bases
};

/// \brief The kebab-case name of \p kind, as `--list-options` prints it.
const char* optionKindName(OptionKind kind) noexcept;

/// \brief One entry of a Choice option.
struct OptionChoice {
    QString value; ///< kebab-case id: the `--set` value and what sessions store
    /// Menu text in English, the source text of its translation in context "FigureOptions"
    /// (literals are marked QT_TRANSLATE_NOOP; names such as "avx2" are shown as they are).
    QString label;
};

/// \brief Whether the generic builder makes a control for the option.
enum class OptionControl {
    Generic, ///< a labelled control made from the row
    Hidden,  ///< no control: set by a gesture (zoom, pan) or by sessions and `--set`
};

/// \brief A bound that follows the parameters (e.g. the last pair index d/2 − 1). The static
/// min/max stay the hard limits for parsing; this narrows the control and is clamped to by the
/// figure.
using DynamicBound = double (*)(const rope::RopeParams& params);

/// \brief Checks a Text option's value; throws rope::InvalidParameter with a message naming
/// the problem.
using TextValidator = void (*)(const QString& text);

/// \brief One option of a figure.
struct OptionSpec {
    const char* id;    ///< kebab-case: the `--set` key, the session key, the control's objectName
    const char* label; ///< control label (with a & mnemonic), QT_TRANSLATE_NOOP("FigureOptions", …)
    OptionKind kind = OptionKind::Integer;
    /// Value when unset. A null QVariant means "derived from the parameters" (the figure picks,
    /// e.g. the current position m); such an option is still settable.
    QVariant defaultValue{};
    double min = 0; ///< Integer/Real/LogReal: smallest accepted value
    double max = 0; ///< Integer/Real/LogReal: largest accepted value
    std::vector<OptionChoice> choices{}; ///< Choice: the accepted ids, in menu order
    const char* tooltip = "";           ///< QT_TRANSLATE_NOOP("FigureOptions", …)
    OptionControl control = OptionControl::Generic;
    DynamicBound dynamicMax = nullptr; ///< Integer: a tighter maximum from the parameters
    const char* suffix = "";           ///< unit shown after the number (e.g. "°")
    double step = 1;                   ///< Integer/Real: spin box step
    /// Integer: shown instead of the minimum, which then means "not a number but…" (e.g. −1
    /// shown as "worst" = the maximum over all pairs).
    const char* specialValueText = "";
    /// Integer: the id of another Integer option whose value − 1 is this one's maximum (a
    /// query cell inside a grid whose size is an option too).
    const char* maxFromOption = nullptr;
    int decimals = 2;                  ///< Real: decimals shown
    TextValidator validate = nullptr;  ///< Text: the check
    /// Toggle: why turning it on is refused by a command-line render (requireBatchWork), or
    /// nullptr. For options whose work runs minutes the first time (b*(L) up to 2^20 for three
    /// d): the explorer computes it in the background and keeps it; a render would block on it.
    const char* batchRefusal = nullptr;
    /// defaultValue null: what the figure uses when the option is unset, as a phrase
    /// (QT_TRANSLATE_NOOP("FigureOptions", …)), e.g. "the current position m". `--list-options`
    /// prints it as "auto"; every option without a default must name it (tst_option_table).
    const char* follows = nullptr;
};

/// \brief A figure's option rows, in control order.
using OptionTable = std::vector<OptionSpec>;

/// \brief A key or value that no option accepts; what() names it and lists what is valid.
class OptionError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// \brief Throws OptionError naming the panel, the option and its batchRefusal for every Toggle
/// of \p table that \p options turns on and that has one (rope-cli figure and animate: every
/// panel option's work is bounded there).
void requireBatchWork(const QString& panel, const OptionTable& table, const FigureOptions& options);

/// \brief The row with this id, or nullptr.
const OptionSpec* findOption(const OptionTable& table, const QString& id) noexcept;

/// \brief The value \p text stands for (`--set` syntax: "sin", "5", "1e6", "true"/"false").
/// \throws OptionError naming the key and the valid range or choices.
QVariant parseOptionValue(const OptionSpec& spec, const QString& text);

/// \brief \p value checked and normalised to the option's type (sessions hold JSON numbers,
/// strings and booleans). \throws OptionError as parseOptionValue().
QVariant checkOptionValue(const OptionSpec& spec, const QVariant& value);

/// \brief `KEY=VALUE` items applied on top of \p base. \throws OptionError for a malformed item,
/// an unknown key (listing the valid keys of \p panel) or a bad value.
FigureOptions parseOptionAssignments(const QString& panel, const OptionTable& table,
                                     const QStringList& items, FigureOptions base = {});

/// \brief Result of checking stored options (a session): what is accepted, and one message per
/// unknown key or bad value, which was left out.
struct OptionCheck {
    FigureOptions accepted;
    QStringList problems;
};

/// \brief Keeps the keys of \p options that the table knows with valid values; reports the rest.
OptionCheck checkOptions(const QString& panel, const OptionTable& table,
                         const FigureOptions& options);

/// \brief \p options with every unset option that has a default filled in: what a data
/// function reads, so defaults are written once, in the table.
FigureOptions withDefaults(const OptionTable& table, FigureOptions options);

/// \brief `{"panel":ID,"options":[{"id","kind","default","min","max","choices"},…]}` as compact
/// JSON in that field order (min/max for numbers, choices for choices; default null when derived).
QByteArray optionTableJson(const QString& panel, const OptionTable& table);

/// \brief A data function's typed view of its option values: each read names a row of the
/// table, checks its kind and falls back to the row's default, so a default is written once,
/// in the table, and a choice is read as its index (an enum declared beside the row).
/// Reading an id the table lacks, or a row as the wrong kind, is a programming error: it
/// throws std::logic_error (tst_option_table checks every read in figures/ against its table).
class OptionValues {
public:
    /// \pre \p table and \p options outlive this object.
    OptionValues(const OptionTable& table, const FigureOptions& options) noexcept
        : m_table(table), m_options(options) {}

    /// Real or LogReal option.
    double real(const char* id) const;
    /// Integer option.
    long long integer(const char* id) const;
    /// Toggle option.
    bool toggle(const char* id) const;
    /// Text option.
    QString text(const char* id) const;
    /// Choice option: the index of its value in the row's choices.
    int choiceIndex(const char* id) const;
    /// Choice option as an enum whose enumerators follow the row's choices in order.
    template <typename Enum> Enum choice(const char* id) const {
        return static_cast<Enum>(choiceIndex(id));
    }
    /// Choice option: its kebab-case id, for options handed on as ids (to core's parsers).
    QString choiceId(const char* id) const;
    /// Whether the option has a value (set, or a default in the table). An option whose
    /// default follows the parameters (OptionSpec::follows) is read only when this is true.
    bool has(const char* id) const;

    /// The plot's size, which is not an option (FigureOptions::plot).
    const PlotSize& plot() const noexcept { return m_options.plot; }

private:
    const OptionSpec& row(const char* id, std::initializer_list<OptionKind> kinds) const;
    QVariant value(const OptionSpec& spec) const;

    const OptionTable& m_table;
    const FigureOptions& m_options;
};

/// \brief "quantity, periods, y-min, y-max": the keys, for messages.
QString optionKeys(const OptionTable& table);

} // namespace rope::figures
