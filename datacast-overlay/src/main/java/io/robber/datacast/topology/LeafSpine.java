package io.robber.datacast.topology;

/**
 * A two-tier leaf-spine fabric (the MCTCP paper's): every leaf switch linked to every spine switch,
 * {@code hostsPerLeaf} servers under each leaf. Servers are named {@code host<leaf>.<i>}, switches
 * {@code leaf<j>} and {@code spine<j>}.
 */
public final class LeafSpine extends Topology implements Layered {
    private final int leaves;
    private final int hostsPerLeaf;

    private LeafSpine(int spines, int leaves, int hostsPerLeaf, LinkProfiles profiles) {
        super(spec(spines, leaves, hostsPerLeaf), profiles, builder -> wire(builder, spines, leaves, hostsPerLeaf));
        this.leaves = leaves;
        this.hostsPerLeaf = hostsPerLeaf;
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

    private static void wire(NetworkBuilder builder, int spines, int leaves, int hostsPerLeaf) {
        int firstLeaf = leaves * hostsPerLeaf;
        int firstSpine = firstLeaf + leaves;
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
                builder.link(firstSpine + spine, firstLeaf + leaf);
            }
            for (int h = 0; h < hostsPerLeaf; h++) {
                builder.link(firstLeaf + leaf, leaf * hostsPerLeaf + h);
            }
        }
    }

    @Override
    public int tier(int v) {
        if (v < leaves * hostsPerLeaf) {
            return 2;
        }
        return v < leaves * hostsPerLeaf + leaves ? 1 : 0;
    }
}
