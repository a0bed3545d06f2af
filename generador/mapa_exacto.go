package generador

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/juegodepalabras/palabras/internal/arcos"
	"github.com/juegodepalabras/palabras/letra"
)

// indiceMapa es un índice exacto de palabras por el resumen h de un
// multiconjunto de letras (ver mapaPalabras): los grupos de palabras con la
// misma clave, en una tabla de dispersión abierta. Una clave que no es de
// ningún grupo no da palabras; una de un grupo da las de ese grupo, que
// quien busca verifica letra por letra (dos multiconjuntos distintos con el
// mismo resumen de 64 bits darían palabras de más, nunca de menos).
type indiceMapa struct {
	ranuras []uint32 // el número de grupo más 1 (0: vacía); largo potencia de 2
	despl   uint     // 64 − log₂(len(ranuras))
	claves  []uint64 // la clave de cada grupo
	desde   []uint32 // las palabras del grupo i: ids[desde[i]:desde[i+1]]
	ids     []uint32
}

// par es una clave con una palabra, para armar un índice.
type par struct {
	clave   uint64
	palabra uint32
}

// nuevoIndice arma el índice de los pares ps (que ordena).
func nuevoIndice(ps []par) indiceMapa {
	slices.SortFunc(ps, func(a, b par) int {
		switch {
		case a.clave < b.clave:
			return -1
		case a.clave > b.clave:
			return 1
		}
		return int(a.palabra) - int(b.palabra)
	})
	var x indiceMapa
	x.ids = make([]uint32, len(ps))
	for i, p := range ps {
		if i == 0 || p.clave != ps[i-1].clave {
			x.claves = append(x.claves, p.clave)
			x.desde = append(x.desde, uint32(i))
		}
		x.ids[i] = p.palabra
	}
	x.desde = append(x.desde, uint32(len(ps)))
	x.claves = slices.Clip(x.claves)
	x.desde = slices.Clip(x.desde)
	lg := bits.Len(uint(2*len(x.claves)) | 1)
	x.ranuras = make([]uint32, 1<<lg)
	x.despl = uint(64 - lg)
	mascara := uint64(len(x.ranuras) - 1)
	for g, c := range x.claves {
		i := (c * 0x9e3779b97f4a7c15) >> x.despl
		for x.ranuras[i] != 0 {
			i = (i + 1) & mascara
		}
		x.ranuras[i] = uint32(g + 1)
	}
	return x
}

// buscar devuelve las palabras de clave h (ninguna si no hay).
func (x *indiceMapa) buscar(h uint64) []uint32 {
	mascara := uint64(len(x.ranuras) - 1)
	i := (h * 0x9e3779b97f4a7c15) >> x.despl
	for {
		g := x.ranuras[i]
		if g == 0 {
			return nil
		}
		if x.claves[g-1] == h {
			return x.ids[x.desde[g-1]:x.desde[g]]
		}
		i = (i + 1) & mascara
	}
}

// bytes es lo que ocupa el índice.
func (x *indiceMapa) bytes() int {
	return 4*len(x.ranuras) + 8*len(x.claves) + 4*len(x.desde) + 4*len(x.ids)
}

// palabrasMapa es la parte exacta del mapa de palabras: las palabras del
// léxico de hasta maxLargo letras (las que caben en una línea del
// tablero), cada una con sus letras, indexadas por el multiconjunto de sus
// letras (exacto: las anagramas de un multiconjunto) y por cada
// multiconjunto de sus letras menos una (menosUna: las palabras que forma
// un multiconjunto con un comodín). Con dos comodines se busca en menosUna
// el multiconjunto más cada letra del alfabeto.
type palabrasMapa struct {
	exacto, menosUna indiceMapa
	letras           []letra.Letra // la palabra w es letras[inicio[w]:inicio[w+1]]
	inicio           []uint32
}

// palabra devuelve las letras de la palabra w.
func (p *palabrasMapa) palabra(w uint32) []letra.Letra {
	return p.letras[p.inicio[w]:p.inicio[w+1]]
}

// bytes es lo que ocupa la parte exacta del mapa.
func (p *palabrasMapa) bytes() int {
	return p.exacto.bytes() + p.menosUna.bytes() + len(p.letras) + 4*len(p.inicio)
}

// nuevasPalabrasMapa recorre las palabras del DAWG que el GADDAG a (de
// raíz raiz) lleva tras el giro y arma sus índices.
func nuevasPalabrasMapa(a arcos.Arcos, raiz uint32, maxLargo int) *palabrasMapa {
	p := &palabrasMapa{}
	var exacto, menosUna []par
	var w [64]letra.Letra
	guardar := func(n int) {
		id := uint32(len(p.inicio))
		p.inicio = append(p.inicio, uint32(len(p.letras)))
		p.letras = append(p.letras, w[:n]...)
		var h uint64
		var hay uint64
		for _, x := range w[:n] {
			h += zMapa[x]
			hay |= 1 << x
		}
		exacto = append(exacto, par{h, id})
		for s := hay; s != 0; s &= s - 1 {
			menosUna = append(menosUna, par{h - zMapa[bits.TrailingZeros64(s)], id})
		}
	}
	var recorrer func(nodo uint32, n int)
	recorrer = func(nodo uint32, n int) {
		s := a.Salidas(nodo)
		for i := range uint32(bits.OnesCount64(s)) {
			e := a.En(nodo + 1 + i)
			w[n] = letra.Letra(uint32(e) & arcos.MascaraLetra)
			if uint32(e)&arcos.BitAcepta != 0 {
				guardar(n + 1)
			}
			if hijo := uint32(e) >> arcos.DesplHijo; hijo != 0 && n+1 < maxLargo && n+1 < len(w) {
				recorrer(hijo, n+1)
			}
		}
	}
	s := a.Salidas(raiz)
	primero := raiz + 1 + uint32(s>>63)
	for i := range uint32(bits.OnesCount64(s &^ (1 << 63))) {
		e := a.En(primero + i)
		w[0] = letra.Letra(uint32(e) & arcos.MascaraLetra)
		if uint32(e)&arcos.BitAcepta != 0 {
			guardar(1)
		}
		t := uint32(e) >> arcos.DesplHijo
		if t == 0 || a.Salidas(t)>>63 == 0 || maxLargo < 2 {
			continue
		}
		if u := uint32(a.En(t+1)) >> arcos.DesplHijo; u != 0 {
			recorrer(u, 1)
		}
	}
	p.inicio = append(p.inicio, uint32(len(p.letras)))
	p.inicio = slices.Clip(p.inicio)
	p.letras = slices.Clip(p.letras)
	p.exacto = nuevoIndice(exacto)
	p.menosUna = nuevoIndice(menosUna)
	return p
}

// exactas guarda la parte exacta del mapa de cada GADDAG y largo máximo,
// hecha una vez.
var exactas sync.Map // claveExacta → *exactasUnaVez

type claveExacta struct {
	gaddag   any
	maxLargo int
}

type exactasUnaVez struct {
	una sync.Once
	p   *palabrasMapa
}

// palabrasDe devuelve la parte exacta del mapa de las palabras de hasta
// maxLargo letras del GADDAG a (de raíz raiz): la construye la primera vez.
func palabrasDe(a arcos.Arcos, raiz uint32, maxLargo int, clave any) *palabrasMapa {
	v, _ := exactas.LoadOrStore(claveExacta{clave, maxLargo}, &exactasUnaVez{})
	u := v.(*exactasUnaVez)
	u.una.Do(func() { u.p = nuevasPalabrasMapa(a, raiz, maxLargo) })
	return u.p
}
