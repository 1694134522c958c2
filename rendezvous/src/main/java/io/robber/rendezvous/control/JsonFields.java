package io.robber.rendezvous.control;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.robber.rendezvous.control.ControlChannel.MalformedControlFrame;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One JSON object of a control frame, read whole, with typed getters that refuse a value of the wrong kind
 * by naming the field. An absent field or JSON {@code null} reads as {@code null}, {@code 0} or
 * {@code false}, as Jackson's data binding read it before; fields nobody asks for are ignored, so a newer
 * peer may add some.
 */
final class JsonFields {
    private final Map<String, Object> values;

    private JsonFields(Map<String, Object> values) {
        this.values = values;
    }

    /**
     * Reads the object whose {@code START_OBJECT} is the parser's current token, up to its {@code END_OBJECT}.
     * jackson-core's read constraints bound its nesting and the length of its strings and numbers.
     */
    static JsonFields read(JsonParser json) throws IOException {
        Map<String, Object> values = new HashMap<>();
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String name = json.currentName();
            json.nextToken();
            values.put(name, value(json));
        }
        return new JsonFields(values);
    }

    private static Object value(JsonParser json) throws IOException {
        return switch (json.currentToken()) {
            case START_OBJECT -> read(json);
            case START_ARRAY -> {
                List<Object> items = new ArrayList<>();
                while (json.nextToken() != JsonToken.END_ARRAY) {
                    items.add(value(json));
                }
                yield items;
            }
            case VALUE_STRING -> json.getText();
            case VALUE_NUMBER_INT -> json.getNumberValue();
            case VALUE_NUMBER_FLOAT -> json.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            default -> null;
        };
    }

    String string(String name) throws MalformedControlFrame {
        return typed(name, String.class, "a string");
    }

    boolean bool(String name) throws MalformedControlFrame {
        Boolean value = typed(name, Boolean.class, "true or false");
        return value != null && value;
    }

    int integer(String name) throws MalformedControlFrame {
        long value = longInteger(name);
        if (value != (int) value) {
            throw wrong(name, "a 32-bit integer");
        }
        return (int) value;
    }

    long longInteger(String name) throws MalformedControlFrame {
        Object value = values.get(name);
        if (value == null) {
            return 0;
        }
        if (!(value instanceof Integer || value instanceof Long)) {
            throw wrong(name, value instanceof BigInteger ? "a 64-bit integer" : "an integer");
        }
        return ((Number) value).longValue();
    }

    Double decimal(String name) throws MalformedControlFrame {
        Number value = typed(name, Number.class, "a number");
        return value == null ? null : value.doubleValue();
    }

    JsonFields object(String name) throws MalformedControlFrame {
        return typed(name, JsonFields.class, "an object");
    }

    List<JsonFields> objects(String name) throws MalformedControlFrame {
        return list(name, JsonFields.class, "an array of objects");
    }

    List<String> strings(String name) throws MalformedControlFrame {
        return list(name, String.class, "an array of strings");
    }

    private <T> List<T> list(String name, Class<T> item, String what) throws MalformedControlFrame {
        List<?> items = typed(name, List.class, what);
        if (items == null) {
            return null;
        }
        List<T> typed = new ArrayList<>(items.size());
        for (Object value : items) {
            if (!item.isInstance(value)) {
                throw wrong(name, what);
            }
            typed.add(item.cast(value));
        }
        return List.copyOf(typed);
    }

    private <T> T typed(String name, Class<T> type, String what) throws MalformedControlFrame {
        Object value = values.get(name);
        if (value != null && !type.isInstance(value)) {
            throw wrong(name, what);
        }
        return type.cast(value);
    }

    private static MalformedControlFrame wrong(String name, String what) {
        return new MalformedControlFrame("sent a control message whose '" + name + "' is not " + what);
    }
}
