package io.robber.datacast.topology;

/**
 * A two-tier leaf-spine fabric (the MCTCP paper's): every leaf switch linked to every spine switch,
 * {@code hostsPerLeaf} servers under each leaf. Servers are named {@code host<leaf>.<i>}, switches
 * {@code leaf<j>} and {@code spine<j>}.
 */
public final class LeafSpine implements Topology, Layered {
    private final int spines;
    private final int leaves;
    private final int hostsPerLeaf;
    private final LinkProfiles profiles;
    private final Network network;

    private LeafSpine(int spines, int leaves, int hostsPerLeaf, LinkProfiles profiles) {
        this.spines = spines;
        this.leaves = leaves;
        this.hostsPerLeaf = hostsPerLeaf;
        this.profiles = profiles;
        this.network = build();
    }

    /** A leaf-spine fabric; every count at least 1. */
    public static LeafSpine of(int spines, int leaves, int hostsPerLeaf, LinkProfiles profiles) {
        String spec = spec(spines, leaves, hostsPerLeaf);
        Sizes.require(spines >= 1 && leaves >= 1 && hostsPerLeaf >= 1, spec,
                "spines, leaves and hosts per leaf must each be at least 1");
        Sizes.requireAtMostMaxNodes(spec, (long) leaves * hostsPerLeaf + leaves + spines);
        return new LeafSpine(spines, leaves, hostsPerLeaf, profiles);
    }

    private static String spec(int spines, int leaves, int hostsPerLeaf) {
        return "leafspine:" + spines + "," + leaves + "," + hostsPerLeaf;
    }

    private Network build() {
        NetworkBuilder builder = new NetworkBuilder(profiles);
        for (int leaf = 0; leaf < leaves; leaf++) {
            for (int h = 0; h < hostsPerLeaf; h++) {
                builder.server("host" + leaf + "." + h);
            }
        }
        for (int leaf = 0; leaf < leaves; leaf++) {
            builder.switchNode("leaf" + leaf);
        }
        for (int spine = 0; spine < spines; spine++) {
            builder.switchNode("spine" + spine);
        }
        for (int leaf = 0; leaf < leaves; leaf++) {
            for (int spine = 0; spine < spines; spine++) {
                builder.link(spineNode(spine), leafNode(leaf));
            }
            for (int h = 0; h < hostsPerLeaf; h++) {
                builder.link(leafNode(leaf), leaf * hostsPerLeaf + h);
            }
        }
        return builder.build();
    }

    private int leafNode(int leaf) {
        return leaves * hostsPerLeaf + leaf;
    }

    private int spineNode(int spine) {
        return leaves * hostsPerLeaf + leaves + spine;
    }

    @Override
    public int tier(int v) {
        if (v < leaves * hostsPerLeaf) {
            return 2;
        }
        return v < leaves * hostsPerLeaf + leaves ? 1 : 0;
    }

    @Override
    public String spec() {
        return spec(spines, leaves, hostsPerLeaf);
    }

    @Override
    public Network network() {
        return network;
    }

    @Override
    public LinkProfiles linkProfiles() {
        return profiles;
    }
}
