// tests/contract/test_line_writer.cpp - contract/jsonl/line_writer.hpp: an answer's fields
// written as nlohmann-json writes them. The oracle is nlohmann itself: its document of the same
// fields (fields_json) and its compact dump (dump_line).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "contract/jsonl/line.hpp"
#include "contract/jsonl/line_writer.hpp"

namespace {

using gjk::contract::Field;
using gjk::contract::Fields;

/// Doubles of every kind: any bit pattern (subnormals, huge, NaN and infinities included),
/// whole numbers around the switch to exponent form, decimal fractions, floats widened, zeros.
double random_double(std::mt19937_64& rng) {
    switch (rng() % 6) {
    case 0:
        return std::bit_cast<double>(rng());
    case 1:
        return std::ldexp(double(rng() % 1000000) - 500000, int(rng() % 160) - 20);
    case 2:
        return std::uniform_real_distribution<double>(-10, 10)(rng);
    case 3:
        return double(std::bit_cast<float>(static_cast<std::uint32_t>(rng())));
    case 4:
        return std::pow(10.0, double(int(rng() % 60) - 30)) * double(rng() % 100);
    default: {
        const double specials[] = {0.0,
                                   -0.0,
                                   1.0,
                                   -1.0,
                                   1e21,
                                   1e22,
                                   1e-5,
                                   1e-6,
                                   1e-7,
                                   std::numeric_limits<double>::max(),
                                   std::numeric_limits<double>::min(),
                                   std::numeric_limits<double>::denorm_min(),
                                   std::numeric_limits<double>::infinity(),
                                   std::numeric_limits<double>::quiet_NaN()};
        return specials[rng() % std::size(specials)];
    }
    }
}

const char* random_word(std::mt19937_64& rng) {
    static const char* const words[] = {
        "separated",         "touching",      "overlapping", "max_iterations", "",
        "a \"quoted\" word", "back\\slash",   "tab\there",   "line\nbreak",    "\x01control",
        "caf\xc3\xa9",       "bad \xff byte", "del \x7f"};
    return words[rng() % std::size(words)];
}

Fields random_fields(std::mt19937_64& rng, int depth) {
    static const char* const names[] = {"distance", "point_a", "normal", "hit", "id", "points"};
    Fields fields;
    const int count = int(rng() % 8);
    for (int i = 0; i < count; ++i) {
        const char* name = names[rng() % std::size(names)];
        switch (rng() % (depth > 0 ? 8 : 6)) {
        case 0:
            fields.push_back({name, rng() % 2 == 0});
            break;
        case 1:
            fields.push_back({name, static_cast<int>(rng())});
            break;
        case 2:
            fields.push_back({name, static_cast<std::uint32_t>(rng())});
            break;
        case 3:
            fields.push_back({name, random_double(rng)});
            break;
        case 4:
            fields.push_back({name, gjk::Vec2<double>{random_double(rng), random_double(rng)}});
            break;
        case 5:
            fields.push_back({name, random_word(rng)});
            break;
        case 6: {
            std::vector<Fields> records(rng() % 4);
            for (Fields& record : records) {
                record = random_fields(rng, depth - 1);
            }
            fields.push_back({name, std::move(records)});
            break;
        }
        default: {
            std::vector<std::vector<Fields>> lists(rng() % 3);
            for (std::vector<Fields>& list : lists) {
                list.resize(rng() % 3);
                for (Fields& record : list) {
                    record = random_fields(rng, depth - 1);
                }
            }
            fields.push_back({name, std::move(lists)});
            break;
        }
        }
    }
    // Field lists never repeat a name (nlohmann's object would keep one of them).
    std::vector<Field> unique;
    for (Field& field : fields) {
        bool repeated = false;
        for (const Field& kept : unique) {
            repeated |= std::string(kept.name) == field.name;
        }
        if (!repeated) {
            unique.push_back(std::move(field));
        }
    }
    return unique;
}

} // namespace

TEST(LineWriter, WritesTheBytesNlohmannWritesForRandomFields) {
    std::mt19937_64 rng(20261126);
    for (int i = 0; i < 20000; ++i) {
        const Fields fields = random_fields(rng, 2);
        const std::string expected = gjk::contract::dump_line(gjk::contract::fields_json(fields));
        ASSERT_EQ(gjk::contract::write_line(fields), expected) << "case " << i;
    }
}

TEST(LineWriter, WritesEveryNumberAsNlohmannDoes) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 300000; ++i) {
        const double x = random_double(rng);
        std::string written;
        gjk::contract::append_number(written, x);
        ASSERT_EQ(written, nlohmann::json(x).dump()) << std::bit_cast<std::uint64_t>(x);
    }
}

TEST(LineWriter, WritesNonFiniteNumbersAsNull) {
    std::string out;
    gjk::contract::append_number(out, std::numeric_limits<double>::infinity());
    out += ',';
    gjk::contract::append_number(out, std::numeric_limits<double>::quiet_NaN());
    EXPECT_EQ(out, "null,null");
}

TEST(LineWriter, EscapesWordsAsNlohmannDoes) {
    EXPECT_EQ(gjk::contract::write_line({{"w", "a \"b\"\\"}}), R"({"w":"a \"b\"\\"})");
    EXPECT_EQ(gjk::contract::write_line({{"w", "\x01"}}), R"({"w":"\u0001"})");
    EXPECT_EQ(gjk::contract::write_line({{"w", "\xff"}}), "{\"w\":\"\xef\xbf\xbd\"}");
}
