package io.robber.transport;

import io.robber.api.Manifest;
import io.robber.api.Storage;

/** The data set of the operation in progress: its number, manifest and storage. */
record Transfer(int op, Manifest manifest, Storage storage) {
}
